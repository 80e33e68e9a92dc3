import { z } from 'zod';
import { device, email, filledLine, password, uuid } from './common.js';
import { PHONE_MAX_LENGTH } from './limits.js';

export const roles = ['learner', 'instructor', 'admin'] as const;
export const locales = ['th', 'en'] as const;

export const marketing = z.object({
  news: z.boolean(),
  promotions: z.boolean(),
  reminders: z.boolean(),
});

/** The user as the API answers it. Keys named by the seed spec keep their spelling. */
export const user = z.object({
  id: uuid,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string().nullable(),
  phone: z.string().nullable(),
  profile_image: z.string().nullable(),
  bought_annual: z.boolean(),
  role: z.enum(roles),
  locale: z.enum(locales),
  legacy: z.boolean(),
  hasPassword: z.boolean(),
  marketing,
  createDate: z.string(),
  updateDate: z.string(),
});
export type User = z.infer<typeof user>;

const name = filledLine(80);
/** A Thai or international phone number as people type it. */
export const phone = z
  .string()
  .trim()
  .max(PHONE_MAX_LENGTH)
  // At least six digits, among spaces and dashes.
  .regex(/^(?=(?:\D*\d){6})\+?[0-9 -]{6,20}$/);

export const registerBody = z.object({
  email,
  password,
  firstName: name,
  lastName: name,
  phone: phone.optional(),
  /**
   * The terms of use and the privacy notice in effect, accepted (PDPA): without it, 400 and no account. The
   * versions accepted are recorded with the time and the address.
   */
  acceptTerms: z.literal(true, { error: 'Accept the terms of use and the privacy notice to register' }),
  device,
});
export type RegisterBody = z.infer<typeof registerBody>;

/** Fields a user may change on themselves. Anything else in the body is stripped. */
export const userPatchBody = z.object({
  firstName: name.optional(),
  lastName: name.optional(),
  displayName: z.string().trim().max(80).nullable().optional(),
  phone: phone.nullable().optional(),
  locale: z.enum(locales).optional(),
  marketing: marketing.partial().optional(),
  /** Interests chosen at onboarding (or later): they shape the library's rows. */
  tags: z
    .array(z.string().trim().min(1).max(40))
    .max(20)
    .transform((tags) => [...new Set(tags)])
    .optional(),
});
export type UserPatchBody = z.infer<typeof userPatchBody>;

export const forgotPasswordBody = z.object({ email });
export const verificationString = z.string().trim().min(16).max(128);
export const verifyResetBody = z.object({ verificationString });
export const verifyResetAnswer = z.object({ valid: z.literal(true), email: z.string() });
export const resetPasswordBody = z.object({
  password,
  passwordConfirmation: z.string().max(256),
  verificationString,
  /** The browser's device (as at login): proven by the mailed link, it skips the account-wide login limit. */
  device: device.optional(),
});
export const setPasswordOldUserParams = z.object({ email });
/** A stored profile photo's file name: the user's id, a random part and the image's type. */
export const PROFILE_IMAGE_FILE = /^[0-9a-f-]{36}-[A-Za-z0-9_-]{12}\.(png|jpg|webp)$/;
export const profileImageParams = z.object({ file: z.string().regex(PROFILE_IMAGE_FILE) });
export const checkPasswordBody = z.object({ password: z.string().min(1).max(256) });
export const checkPasswordAnswer = z.object({ valid: z.boolean() });
export const changePasswordBody = z.object({
  currentPassword: z.string().min(1).max(256).optional(),
  password,
  passwordConfirmation: z.string().max(256),
});
