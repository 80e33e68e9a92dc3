// Invitations to an organisation (issue 35): sent by its managers from a list of addresses or a CSV file,
// accepted by the link in the mail (/org-invite/<token>).
import { z } from 'zod';
import { pageOf, pageQuery } from './admin.js';
import { uuid } from './common.js';

export const orgInviteRole = z.enum(['member', 'manager']);
export const ORG_INVITE_MAX_LINES = 1000;

/**
 * Addresses to invite: one a line, or a CSV file's text (the first column of each line; a first line `email`,
 * a header, is skipped). At most ORG_INVITE_MAX_LINES lines that are not empty.
 */
export const orgInviteBody = z.object({
  text: z.string().max(200_000),
  role: orgInviteRole.default('member'),
});
export type OrgInviteBody = z.input<typeof orgInviteBody>;

/** What became of one line: invited, or why not. */
export const orgInviteOutcome = z.enum(['invited', 'invalid', 'member', 'invited_already', 'duplicate']);
export type OrgInviteOutcome = z.infer<typeof orgInviteOutcome>;
export const orgInviteResults = z.object({
  invited: z.number().int(),
  lines: z.array(z.object({ line: z.number().int(), email: z.string(), outcome: orgInviteOutcome })),
});
export type OrgInviteResults = z.infer<typeof orgInviteResults>;

export const orgInviteStatus = z.enum(['open', 'accepted', 'expired', 'revoked']);
export const orgInvite = z.object({
  id: uuid,
  email: z.string(),
  role: orgInviteRole,
  status: orgInviteStatus,
  createdAt: z.string(),
  expiresAt: z.string(),
  sentAt: z.string(),
  sendCount: z.number().int(),
  acceptedAt: z.string().nullable(),
});
export type OrgInvite = z.infer<typeof orgInvite>;
export const orgInviteQuery = pageQuery(['createdAt', 'email']).extend({
  status: orgInviteStatus.optional(),
});
export type OrgInviteQuery = z.infer<typeof orgInviteQuery>;
export const orgInvitePage = pageOf(orgInvite);
export const orgInviteParams = z.object({ orgId: uuid, inviteId: uuid });

/** The token of the mailed link. */
export const acceptOrgInviteBody = z.object({ token: z.string().trim().min(20).max(200) });
export const acceptedOrgInvite = z.object({ organizationId: uuid, name: z.string(), role: orgInviteRole });
export type AcceptedOrgInvite = z.infer<typeof acceptedOrgInvite>;
