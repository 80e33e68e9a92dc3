import { z } from 'zod';

/**
 * A UUID as PostgreSQL writes it, in lower case: ids given in capitals (iOS's `UUID().uuidString`) are the same
 * ids, and compared as text (a batch's answers, whose-is-this checks) they must be equal.
 */
export const uuid = z.uuid().toLowerCase();
export const idParams = z.object({ id: uuid });
export const successAnswer = z.object({ success: z.literal(true) });

export const email = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email())
  .transform((v) => v.toLowerCase());

/** The browser keeps a random device id in local storage under `deviceId`. */
export const device = z.object({
  id: z.string().trim().min(8).max(128),
  name: z.string().trim().min(1).max(120),
});
export type Device = z.infer<typeof device>;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const password = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

/** Text without NUL characters (PostgreSQL cannot store them in text or jsonb): a 400, never a 500. */
export const textWithoutNul = () =>
  z.string().refine((v) => !v.includes('\0'), { message: 'NUL characters are not allowed' });

/** Something one can see: not only spaces and invisible characters (zero-width spaces, joiners, controls). */
const VISIBLE = /[^\s\p{Cc}\p{Cf}]/u;
/** Whether the text shows anything: not only spaces and invisible characters. */
export const hasVisibleText = (v: string) => VISIBLE.test(v);

/**
 * Trimmed text of a bounded length without NUL characters (the admin console's fields); when it may not be
 * empty, it may not be made of invisible characters only either.
 */
export const boundedText = (max: number, min = 0) =>
  z
    .string()
    .trim()
    .min(min)
    .max(max)
    .pipe(textWithoutNul())
    .refine((v) => min === 0 || hasVisibleText(v), { message: 'Must contain visible characters' });

/** A short line a person fills in (a name, an organisation, a position): trimmed, 1 to `max`, visible. */
export const filledLine = (max: number) => boundedText(max, 1);
