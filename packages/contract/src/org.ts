// The organisation manager's console (/org, issue 35): schemas. Every operation is under
// /api/org/:orgId, gated to that organisation's managers (endpoints/org.ts, audience `manager`).
import { z } from 'zod';
import { organizationSeatPool } from './admin-orgs.js';
import { uuid } from './common.js';

/** The path parameter of every console operation. */
export const orgParams = z.object({ orgId: uuid });

/** An organisation the signed-in user manages. */
export const managedOrganization = z.object({ id: uuid, name: z.string() });
export type ManagedOrganization = z.infer<typeof managedOrganization>;
export const managedOrganizations = z.array(managedOrganization);

/** The console's front page: the organisation and its headline figures. */
export const orgOverview = z.object({
  id: uuid,
  name: z.string(),
  members: z.number().int(),
  managers: z.number().int(),
  /** The organisation's seats, if it has any (granted by the platform's administrators). */
  seatPool: organizationSeatPool.nullable(),
});
export type OrgOverview = z.infer<typeof orgOverview>;

// Members, managers, settings, report; invitations.
export * from './org-members.js';
export * from './org-invites.js';
