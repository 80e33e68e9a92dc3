// Privacy (PDPA): schemas of the closure part (endpoints/privacy.ts): a learner closes the account, the data is
// erased after a cool-off that signing in cancels (docs/privacy.md, "Closing an account").
import { z } from 'zod';

/** Days between the request and the erasure; signing in meanwhile cancels the closure. */
export const ACCOUNT_CLOSURE_COOL_OFF_DAYS = 14;

/**
 * What proves the request is the owner's: the password when the account has one; an account without one (signed
 * up with Google, Facebook, LINE or the partner) types its own e-mail address instead.
 */
export const accountClosureBody = z.object({
  password: z.string().min(1).max(256).optional(),
  email: z.string().trim().min(1).max(320).optional(),
});
export type AccountClosureBody = z.infer<typeof accountClosureBody>;

/** An open request to close the account: when it was made and when the data will be erased. */
export const accountClosure = z.object({
  requestedAt: z.string(),
  dueAt: z.string(),
});
export type AccountClosure = z.infer<typeof accountClosure>;

/** `GET /api/users/account-closure`: the open request, or null when there is none. */
export const accountClosureAnswer = z.object({ closure: accountClosure.nullable() });
export type AccountClosureAnswer = z.infer<typeof accountClosureAnswer>;
