import { z } from 'zod';
import { pageOf, pageQuery } from './admin.js';
import { textWithoutNul, uuid } from './common.js';

const domain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Not an e-mail domain');

/** What an administrator sets on an organisation. Empty strings clear the invite code and the provider. */
export const organizationBody = z.object({
  name: textWithoutNul().trim().min(2).max(200),
  requiresContact: z.boolean(),
  inviteCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, 'Letters, digits and dashes, 4 to 40')
    .or(z.literal(''))
    .nullable(),
  ssoProvider: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{2,40}$/, 'Lower-case letters, digits and dashes')
    .or(z.literal(''))
    .nullable(),
  emailDomains: z.array(domain).max(50),
});
export type OrganizationBody = z.infer<typeof organizationBody>;
/**
 * An edit sends the `version` of the row it was based on (PostgreSQL's xmin); an edit based on an older one
 * is refused (409 EDIT_CONFLICT) instead of overwriting another administrator's change.
 */
export const organizationUpdateBody = organizationBody.extend({ version: z.string().min(1).max(40) });
export type OrganizationUpdateBody = z.infer<typeof organizationUpdateBody>;

export const adminOrganization = z.object({
  id: uuid,
  name: z.string(),
  requiresContact: z.boolean(),
  inviteCode: z.string().nullable(),
  ssoProvider: z.string().nullable(),
  emailDomains: z.array(z.string()),
  members: z.number().int(),
  createdAt: z.string(),
  version: z.string(),
});
export type AdminOrganization = z.infer<typeof adminOrganization>;

export const adminOrganizationQuery = pageQuery(['name', 'createdAt', 'members']);
export type AdminOrganizationQuery = z.infer<typeof adminOrganizationQuery>;
export const adminOrganizationPage = pageOf(adminOrganization);
export type AdminOrganizationPage = z.infer<typeof adminOrganizationPage>;

export const organizationCourse = z.object({ id: uuid, title: z.string(), slug: z.string() });
export type OrganizationCourse = z.infer<typeof organizationCourse>;

/**
 * An organisation's seats for a plan (issue 35): members take them on joining, in the order they joined; a seat
 * opens every course until `endsAt`. `taken` of `seats` are held; `waiting` members joined when none was free.
 */
export const organizationSeatPool = z.object({
  planId: uuid,
  planName: z.string(),
  seats: z.number().int(),
  taken: z.number().int(),
  waiting: z.number().int(),
  endsAt: z.string(),
});
export type OrganizationSeatPool = z.infer<typeof organizationSeatPool>;

/** An administrator's grant of seats (a contract signed outside the platform); a new one replaces the last. */
export const organizationSeatsBody = z.object({
  planId: uuid,
  seats: z.number().int().min(1).max(100_000),
  endsAt: z.iso.datetime({ offset: true }),
});
export type OrganizationSeatsBody = z.infer<typeof organizationSeatsBody>;

/** An organisation with the courses it grants its members and those it recommends (picks), in order. */
export const adminOrganizationDetail = adminOrganization.extend({
  grants: z.array(organizationCourse),
  picks: z.array(organizationCourse),
  seatPool: organizationSeatPool.nullable(),
});
export type AdminOrganizationDetail = z.infer<typeof adminOrganizationDetail>;

export const organizationCoursesBody = z.object({
  grants: z.array(uuid).max(500),
  picks: z.array(uuid).max(500),
});
export type OrganizationCoursesBody = z.infer<typeof organizationCoursesBody>;

/** Every course, for choosing grants and picks (id, title, slug), by title. */
export const courseOptions = z.array(organizationCourse);

export const adminMemberQuery = pageQuery(['email', 'name', 'createdAt']);
export type AdminMemberQuery = z.infer<typeof adminMemberQuery>;
export const adminMember = z.object({
  id: uuid,
  email: z.string(),
  name: z.string(),
  createdAt: z.string(),
});
export type AdminMember = z.infer<typeof adminMember>;
export const adminMemberPage = pageOf(adminMember);
export type AdminMemberPage = z.infer<typeof adminMemberPage>;
export const addMemberBody = z.object({ email: z.string().trim().toLowerCase().email().max(254) });
export const organizationMemberParams = z.object({ id: uuid, userId: uuid });
