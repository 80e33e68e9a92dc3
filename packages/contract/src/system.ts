import { z } from 'zod';

export const healthAnswer = z.object({ status: z.literal('ok') });
export const readyAnswer = z.object({ status: z.literal('ready'), database: z.literal('up') });

export const publicConfig = z.object({
  googleClientId: z.string().nullable(),
  /** Facebook Login's app id (null: no Facebook button); the login dialog's URL. */
  facebookAppId: z.string().nullable(),
  facebookDialogUrl: z.string(),
  /** The partner's sign-in (its button label), null when no partner is configured. */
  partnerSignIn: z.object({ name: z.string() }).nullable(),
  /** LINE Login is offered. */
  lineLogin: z.boolean(),
  chatUrl: z.string(),
  contentUrl: z.string().nullable(),
  contentToken: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfig>;

export const devMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** Files attached to the e-mail (names, types and sizes). */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), bytes: z.number().int() })),
  createdAt: z.string(),
});
export const devMailList = z.array(devMail);
export type DevMail = z.infer<typeof devMail>;
