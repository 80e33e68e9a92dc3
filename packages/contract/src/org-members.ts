// The organisation console's members, managers, settings and report (issue 35). Managers see learning data
// only: never receipts, orders or payments; contact details only where the organisation requires them.
import { z } from 'zod';
import { pageOf, pageQuery } from './admin.js';
import { organizationBody } from './admin-orgs.js';
import { email, uuid } from './common.js';

/** How a member came into the organisation. */
export const orgJoinedBy = z.enum(['invite_code', 'email_domain', 'sso', 'admin', 'invite']);
export type OrgJoinedBy = z.infer<typeof orgJoinedBy>;

/** The members list's filters (also the report's): how they joined, an overdue assignment, all done. */
export const orgMemberFilters = z.object({
  q: z.string().trim().max(200).optional(),
  joinedBy: orgJoinedBy.optional(),
  status: z.enum(['overdue', 'completed']).optional(),
});
export const orgMemberQuery = pageQuery(['name', 'email', 'joinedAt', 'lastActivity']).extend(
  orgMemberFilters.omit({ q: true }).shape,
);
export type OrgMemberQuery = z.infer<typeof orgMemberQuery>;
export const orgReportQuery = orgMemberFilters;
export type OrgReportQuery = z.infer<typeof orgReportQuery>;

/** A course assigned to the member, with their progress in it. */
export const orgMemberCourse = z.object({
  courseId: uuid,
  title: z.string(),
  dueAt: z.string().nullable(),
  /** Watched share of the course's episodes, 0 to 100. */
  progress: z.number().int(),
  completed: z.boolean(),
  completedAt: z.string().nullable(),
  overdue: z.boolean(),
});
export type OrgMemberCourse = z.infer<typeof orgMemberCourse>;

/** The contact details a learner gave, shown only where the organisation requires them. */
export const orgMemberContact = z.object({ phone: z.string(), position: z.string(), province: z.string() });

export const orgMember = z.object({
  id: uuid,
  name: z.string(),
  email: z.string(),
  joinedAt: z.string().nullable(),
  joinedBy: orgJoinedBy.nullable(),
  /** The latest progress saved in any course. */
  lastActivityAt: z.string().nullable(),
  courses: z.array(orgMemberCourse),
  testsPassed: z.number().int(),
  certificates: z.number().int(),
  isManager: z.boolean(),
  /** Holds one of the organisation's seats (false for all when it has none). */
  hasSeat: z.boolean(),
  /** Present only when the organisation requires contact details (null: none given yet). */
  contact: orgMemberContact.nullable().optional(),
});
export type OrgMember = z.infer<typeof orgMember>;
export const orgMemberPage = pageOf(orgMember);
export type OrgMemberPage = z.infer<typeof orgMemberPage>;
export const orgMemberParams = z.object({ orgId: uuid, userId: uuid });

export const orgManager = z.object({ id: uuid, name: z.string(), email: z.string(), addedAt: z.string() });
export type OrgManager = z.infer<typeof orgManager>;
export const orgManagers = z.array(orgManager);

/** What a manager sets from the console: the e-mail domains and the partner sign-in (as the admin's form). */
export const orgSettingsBody = organizationBody.pick({ emailDomains: true, ssoProvider: true });
export type OrgSettingsBody = z.infer<typeof orgSettingsBody>;
export const orgSettings = z.object({
  emailDomains: z.array(z.string()),
  ssoProvider: z.string().nullable(),
  requiresContact: z.boolean(),
});
export type OrgSettings = z.infer<typeof orgSettings>;

/** Completions of assigned courses per month (oldest first, the last 12 months, empty months included). */
export const orgCompletions = z.array(z.object({ month: z.string(), completions: z.number().int() }));
export type OrgCompletions = z.infer<typeof orgCompletions>;

/** An administrator makes a user (by e-mail address) a manager of the organisation. */
export const addManagerBody = z.object({ email });
export const organizationManagerParams = z.object({ id: uuid, userId: uuid });
