import { z } from 'zod';
import { pageOf, pageQuery } from './admin.js';
import { subscriptionStatus } from './billing.js';
import { textWithoutNul, uuid } from './common.js';
import { roles } from './users.js';

/** The console's users: searched by e-mail or name, filtered by role. */
export const adminUserQuery = pageQuery(['createdAt', 'email', 'name']).extend({
  role: z.enum(roles).optional(),
});
export type AdminUserQuery = z.infer<typeof adminUserQuery>;

export const adminUserRow = z.object({
  id: uuid,
  email: z.string(),
  name: z.string(),
  role: z.enum(roles),
  organization: z.object({ id: uuid, name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;
export const adminUserPage = pageOf(adminUserRow);
export type AdminUserPage = z.infer<typeof adminUserPage>;

export const adminSession = z.object({
  id: uuid,
  deviceName: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
});
export type AdminSession = z.infer<typeof adminSession>;

export const adminUserSubscription = z.object({
  id: uuid,
  planCode: z.string(),
  planName: z.string(),
  status: subscriptionStatus,
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
  autoRenew: z.boolean(),
  provider: z.string(),
  trial: z.boolean(),
});
export type AdminUserSubscription = z.infer<typeof adminUserSubscription>;

export const adminCertificate = z.object({
  id: uuid,
  code: z.string(),
  courseTitle: z.string(),
  learnerName: z.string(),
  issuedAt: z.string(),
  revokedAt: z.string().nullable(),
  revokeReason: z.string().nullable(),
});
export type AdminCertificate = z.infer<typeof adminCertificate>;

/** One user with their live sessions, subscriptions (newest first) and certificates. */
export const adminUserDetail = adminUserRow.extend({
  phone: z.string().nullable(),
  locale: z.enum(['th', 'en']),
  emailVerifiedAt: z.string().nullable(),
  sessions: z.array(adminSession),
  subscriptions: z.array(adminUserSubscription),
  certificates: z.array(adminCertificate),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

export const adminRoleBody = z.object({ role: z.enum(roles) });
export type AdminRoleBody = z.infer<typeof adminRoleBody>;

export const adminUserSessionParams = z.object({ id: uuid, sessionId: uuid });
export const adminUserSubscriptionParams = z.object({ id: uuid, subscriptionId: uuid });

/**
 * An administrator grants a subscription (a support gift, a mistaken charge made good, a partner's learner): a
 * paid plan, from now until `endsAt` (default: one period of the plan), without renewal. A learner who already
 * holds a current subscription is refused (409 SUBSCRIPTION_EXISTS): end it first, or let it run.
 */
export const adminSubscriptionGrantBody = z.object({
  planId: uuid,
  endsAt: z.iso.datetime({ offset: true }).optional(),
  reason: textWithoutNul().trim().min(3).max(500),
});
export type AdminSubscriptionGrantBody = z.infer<typeof adminSubscriptionGrantBody>;

export const certificateRevokeBody = z.object({
  reason: textWithoutNul().trim().min(3).max(500),
});
export type CertificateRevokeBody = z.infer<typeof certificateRevokeBody>;

/** Instructor applications ("teach with us"), read and marked handled in the console. */
export const applicationStatus = z.enum(['new', 'contacted', 'accepted', 'declined']);
export type ApplicationStatus = z.infer<typeof applicationStatus>;
export const adminApplication = z.object({
  id: uuid,
  userId: uuid.nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  topic: z.string(),
  experience: z.string().nullable(),
  portfolioUrl: z.string().nullable(),
  status: applicationStatus,
  /** The note of the administrator who last marked it, when and who (null while new or when removed). */
  note: z.string().nullable(),
  handledAt: z.string().nullable(),
  handledBy: z.object({ id: uuid, email: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type AdminApplication = z.infer<typeof adminApplication>;
export const adminApplicationQuery = pageQuery(['createdAt', 'name']).extend({
  status: applicationStatus.optional(),
});
export type AdminApplicationQuery = z.infer<typeof adminApplicationQuery>;
export const adminApplicationPage = pageOf(adminApplication);
export type AdminApplicationPage = z.infer<typeof adminApplicationPage>;
/** Marks an application handled (contacted, accepted, declined) with a note, or back to new. */
export const adminApplicationBody = z.object({
  status: applicationStatus,
  note: textWithoutNul().trim().max(2000).default(''),
});
export type AdminApplicationBody = z.infer<typeof adminApplicationBody>;
