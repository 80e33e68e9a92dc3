import {
  ACCOUNT_CLOSURE_COOL_OFF_DAYS,
  type AccountClosure,
  type AccountClosureAnswer,
  type AccountClosureBody,
} from '@rianroo/contract';
import type { Config } from '../../config.js';
import { transaction, type Db } from '../../db/client.js';
import { AppError, fieldError, forbidden, notFound } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import type { Mailer } from '../../plugins/mail.js';
import type { Limiter } from '../../plugins/rate-limit.js';
import type { AuthService, SignInHook } from '../accounts/index.js';
import type { BillingService } from '../billing/index.js';
import { closureCancelledMail, closureRequestedMail } from './closure-mail.js';
import * as repo from './closure.repo.js';

/** Wrong passwords on the closure form, per account, in this many seconds: a stolen session cannot guess on. */
const PASSWORD_TRIES = { max: 10, windowSeconds: 15 * 60 };

export interface ClosureDeps {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
  limiter: Limiter;
  mail: Mailer;
}

const toClosure = (c: repo.ClosureRow): AccountClosure => ({
  requestedAt: c.requestedAt.toISOString(),
  dueAt: c.dueAt.toISOString(),
});

/**
 * Closing an account (issue 34): the request ends every session, stops automatic renewal and mails the date of
 * the erasure; signing in during the 14-day cool-off, or the cancel button, cancels it. The erasure itself is
 * erasure.service.ts.
 */
export class ClosureService {
  constructor(
    private readonly deps: ClosureDeps,
    private readonly auth: AuthService,
    private readonly billing: Pick<BillingService, 'setRenewal'>,
  ) {}

  async current(userId: string): Promise<AccountClosureAnswer> {
    const open = await repo.openClosureOf(this.deps.db, userId);
    return { closure: open ? toClosure(open) : null };
  }

  /** Asking again while a request is open answers that one: one closure per learner (the database's index). */
  async request(userId: string, body: AccountClosureBody): Promise<AccountClosure> {
    const account = await repo.accountOf(this.deps.db, userId);
    if (!account || account.erasedAt) throw notFound('User');
    // The console must keep an administrator: another one takes the role away first.
    if (account.role === 'admin') throw forbidden('An administrator account cannot be closed');
    await this.proveOwner(account, body);
    // Renewal stops before anything else: should the payment provider refuse, nothing has changed.
    await this.billing.setRenewal(userId, false).catch((err: unknown) => {
      if (!(err instanceof AppError && err.code === 'NOT_CANCELABLE')) throw err;
    });
    const { closure, ended } = await transaction(this.deps.db, async (tx) => {
      const opened = await repo.insertClosure(tx, userId, account.email, ACCOUNT_CLOSURE_COOL_OFF_DAYS);
      const closure = opened ?? (await repo.openClosureOf(tx, userId));
      // Cancelled in the instant between: the learner signed in, so nothing is closed.
      if (!closure) throw new AppError('ALREADY_EXISTS', 409, 'Your account changed meanwhile; try again');
      const ended = await this.auth.endAllSessionsIn(tx, userId, 'account-closure');
      if (opened) {
        const login = `${this.deps.config.publicUrl}/login`;
        await this.deps.mail.send(closureRequestedMail(account, opened.dueAt, login), tx);
      }
      return { closure, ended };
    });
    this.auth.forgetSessions(ended);
    return toClosure(closure);
  }

  async cancel(userId: string) {
    const cancelled = await transaction(this.deps.db, (tx) => this.cancelIn(tx, userId));
    if (!cancelled) throw notFound('Account closure');
    return { success: true as const };
  }

  /**
   * Every sign-in runs this in the transaction that opens its session (AuthService.onSignIn): a pending closure
   * is cancelled, and the login answer says so. An account erased meanwhile opens no session.
   */
  readonly onSignIn: SignInHook = async (tx, userId) => {
    if ((await repo.accountOf(tx, userId))?.erasedAt)
      throw new AppError('INVALID_CREDENTIALS', 401, 'Incorrect e-mail or password');
    return (await this.cancelIn(tx, userId)) ? { closure_cancelled: true } : undefined;
  };

  private async cancelIn(tx: Parameters<SignInHook>[0], userId: string) {
    const closure = await repo.cancelClosure(tx, userId);
    if (!closure) return false;
    const account = await repo.accountOf(tx, userId);
    if (account) await this.deps.mail.send(closureCancelledMail(account), tx);
    return true;
  }

  /**
   * The password when the account has one; without one (a provider's sign-in only), the account's address
   * typed out. Wrong passwords are counted (reserved before the check, given back on success).
   */
  private async proveOwner(
    account: NonNullable<Awaited<ReturnType<typeof repo.accountOf>>>,
    body: AccountClosureBody,
  ) {
    if (!account.passwordHash) {
      if (body.email?.toLowerCase() !== account.email.toLowerCase())
        throw fieldError('VALIDATION_ERROR', 'email', 'Type the e-mail address of your account to confirm');
      return;
    }
    if (!body.password) throw fieldError('VALIDATION_ERROR', 'password', 'Enter your password');
    const attempt = await this.deps.limiter.reserve([
      { key: `account-closure:${account.id}`, ...PASSWORD_TRIES },
    ]);
    if (!(await verifyPassword(account.passwordHash, body.password)))
      throw fieldError('INVALID_CREDENTIALS', 'password', 'The password is incorrect');
    await attempt.release();
  }
}
