import type { Device, LoginAnswer, RegisterBody, User, UserPatchBody } from '@rianroo/contract';
import type { Config } from '../../config.js';
import { transaction, type Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { passwordChangedMail, passwordLinkMail, welcomeMail } from '../../mail/templates.js';
import type { Jobs } from '../../plugins/jobs.js';
import { MAIL_PRIORITY, type Mailer } from '../../plugins/mail.js';
import type { Limiter } from '../../plugins/rate-limit.js';
import type { AuthContext } from '../../lib/request.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import { randomToken, sha256, uuidv7 } from '../../lib/ids.js';
import { assertNewPassword, hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { ClientMeta } from '../../lib/request.js';
import type { AccountRecords } from './account-records.js';
import type { AuthService } from './auth.service.js';
import { joinByEmailDomain } from '../organisations/index.js';
import * as resets from './password-resets.repo.js';
import * as repo from './users.repo.js';

const HOUR = 3600;
const WELCOME_MAILS_PER_HOUR = 5;
/** The queue that makes a forgot-password link (the request only queues it; see forgotPassword). */
export const PASSWORD_LINK_JOB = 'users.password-link';

export interface UsersDeps {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'registerMaxPerHour' | 'resetCodeTtlMinutes'>;
  limiter: Limiter;
  mail: Mailer;
  jobs: Jobs;
  records: AccountRecords;
}

export class UsersService {
  constructor(
    private readonly deps: UsersDeps,
    private readonly auth: AuthService,
  ) {}

  async register(body: RegisterBody, meta: ClientMeta): Promise<LoginAnswer> {
    await this.deps.limiter.consume(`register:ip:${meta.ip}`, this.deps.config.registerMaxPerHour, HOUR);
    assertNewPassword(body.password);
    if (await repo.emailTaken(this.deps.db, body.email)) {
      throw new AppError('ALREADY_EXISTS', 409, 'An account with this e-mail already exists', [
        { path: 'email', message: 'An account with this e-mail already exists' },
      ]);
    }
    const passwordHash = await hashPassword(body.password);
    // Sign-ups from one address send a few welcome mails an hour, not one per account. Counted before the
    // transaction, which may run again (db/client.ts): one sign-up, one count.
    const welcome =
      (await this.deps.limiter.store.hit(`welcome-mail:ip:${meta.ip}`, HOUR)).count <= WELCOME_MAILS_PER_HOUR;
    // The account, its first session and its welcome mail: all of them or none.
    const { user, opened } = await transaction(this.deps.db, async (tx) => {
      const user = await repo.insertUser(tx, {
        id: uuidv7(),
        email: body.email,
        passwordHash,
        firstName: body.firstName,
        lastName: body.lastName,
        phone: body.phone ?? null,
        acceptedTermsAt: new Date(),
      });
      // The terms accepted (the contract refuses a sign-up without) and the first mail choices, on record.
      await this.deps.records.created(tx, user, meta, body.acceptTerms);
      const opened = await this.auth.openSession(tx, user, body.device, meta);
      if (welcome) {
        const library = `${this.deps.config.publicUrl}/library`;
        await this.deps.mail.send(welcomeMail(user.email, user.firstName, user.locale, library), tx);
      }
      return { user, opened };
    }).catch((err: unknown) => {
      if (isUniqueViolation(err))
        throw new AppError('ALREADY_EXISTS', 409, 'An account with this e-mail already exists');
      throw err;
    });
    return this.auth.issue(user.id, opened);
  }

  async forgotPassword(email: string, ip: string) {
    // The asking address, and the pair (account, address), are throttled: never the account alone, so no
    // third party can use up the owner's own way back in.
    await this.deps.limiter.reserve([
      { key: `forgot:ip:${ip}`, max: 30, windowSeconds: HOUR },
      { key: `forgot:pair:${email}:${ip}`, max: 5, windowSeconds: HOUR },
    ]);
    // Known address or not, the answer does the same work, one queued job, so its time tells nobody whether
    // the address has an account (PRODUCT.md section 3); the job finds the account and mails the link.
    await this.deps.jobs.send(PASSWORD_LINK_JOB, { email }, { priority: MAIL_PRIORITY.transactional });
  }

  /** Registers the worker that makes the links forgot-password asked for. */
  async start() {
    await this.deps.jobs.work<{ email: string }>(PASSWORD_LINK_JOB, async ({ email }) => {
      const user = await repo.findUserByEmail(this.deps.db, email);
      if (!user || !(await this.mailboxHasRoom(`forgot:${email}`))) return;
      await this.sendPasswordLink(user, user.passwordHash ? 'reset' : 'set');
    });
  }

  /**
   * Keeps many askers from flooding one mailbox without shutting its owner out: after a few links in an
   * hour, at most one more every ten minutes. Whoever asks, the link goes to the owner, so a fresh one
   * (valid for RESET_CODE_TTL_MINUTES) is always in their inbox.
   */
  private async mailboxHasRoom(key: string) {
    const { count } = await this.deps.limiter.store.hit(`${key}:hour`, HOUR);
    if (count <= 5) return true;
    const { count: slot } = await this.deps.limiter.store.hit(`${key}:slot`, 600);
    return slot === 1;
  }

  async sendSetPasswordToLegacyUser(email: string, ip: string) {
    await this.deps.limiter.consume(`set-password:ip:${ip}`, 30, HOUR);
    const user = await repo.findUserByEmail(this.deps.db, email);
    if (!user || !user.legacy || user.passwordHash) throw notFound('Migrated account');
    if (await this.mailboxHasRoom(`forgot:${email}`)) await this.sendPasswordLink(user, 'set');
  }

  private async sendPasswordLink(user: repo.UserRow, purpose: 'reset' | 'set') {
    const code = randomToken();
    const minutes = this.deps.config.resetCodeTtlMinutes;
    await resets.insertReset(this.deps.db, {
      id: uuidv7(),
      userId: user.id,
      codeHash: sha256(code),
      purpose,
      expiresAt: new Date(Date.now() + minutes * 60_000),
    });
    const url = `${this.deps.config.publicUrl}/reset-password?code=${code}${purpose === 'set' ? '&mode=set' : ''}`;
    await this.deps.mail.send({
      ...passwordLinkMail(user.email, user.firstName || user.email, user.locale, url, purpose, minutes),
      // The code is stored only as its hash: the queued mail keeps it sealed, never in clear.
      secrets: [code],
    });
  }

  async verifyReset(code: string) {
    const reset = await resets.findValidReset(this.deps.db, sha256(code));
    const found = reset && (await repo.findUserById(this.deps.db, reset.userId));
    if (!found) throw invalidCode();
    return { valid: true as const, email: maskEmail(found.user.email) };
  }

  async resetPassword(code: string, password: string, confirmation: string, device?: Device) {
    assertNewPassword(password, confirmation);
    const passwordHash = await hashPassword(password);
    const user = await transaction(this.deps.db, async (tx) => {
      const id = await resets.consumeReset(tx, sha256(code));
      if (!id) return undefined;
      await resets.retireResets(tx, id);
      const now = new Date();
      // Following the mailed link proves the mailbox: the address counts as confirmed from now on, and the
      // device it was followed on is the owner's (others' guesses no longer keep it out: decision 010).
      const updated = await repo.updateUser(tx, id, {
        passwordHash,
        legacy: false,
        credentialsChangedAt: now,
      });
      if (updated && device) await resets.proveDevice(tx, id, device.id, now);
      if (updated && !updated.emailVerifiedAt) await repo.updateUser(tx, id, { emailVerifiedAt: new Date() });
      return updated;
    });
    if (!user) throw invalidCode();
    await joinByEmailDomain(this.deps.db, user.id);
    await this.auth.endAllSessions(user.id, 'password-reset');
    // The owner proved the mailbox: others' failed guesses no longer keep them off new devices (for a while;
    // the device the link was followed on, for good).
    await this.auth.clearAccountLimit(user.email);
  }

  async checkPassword(userId: string, password: string) {
    const attempt = await this.deps.limiter.reserve([
      { key: `check-password:${userId}`, max: 10, windowSeconds: 15 * 60 },
    ]);
    const found = await repo.findUserById(this.deps.db, userId);
    const valid = !!found?.user.passwordHash && (await verifyPassword(found.user.passwordHash, password));
    if (valid) await attempt.release();
    return { valid };
  }

  async changePassword(
    auth: AuthContext,
    body: { currentPassword?: string; password: string; passwordConfirmation: string },
  ) {
    const found = await repo.findUserById(this.deps.db, auth.userId);
    if (!found) throw notFound('User');
    const { user } = found;
    if (user.passwordHash) {
      if (!body.currentPassword)
        throw fieldError('VALIDATION_ERROR', 'currentPassword', 'Enter your current password');
      const { valid } = await this.checkPassword(user.id, body.currentPassword);
      if (!valid) throw fieldError('INVALID_CREDENTIALS', 'currentPassword', 'Current password is incorrect');
    }
    assertNewPassword(body.password, body.passwordConfirmation);
    const passwordHash = await hashPassword(body.password);
    await transaction(this.deps.db, async (tx) => {
      await repo.updateUser(tx, user.id, { passwordHash, legacy: false, credentialsChangedAt: new Date() });
      // Reset links mailed before the change (anyone may ask for one) would undo it: they end with it.
      await resets.retireResets(tx, user.id);
    });
    await this.auth.endAllSessions(user.id, 'password-changed', auth.sessionId);
    await this.deps.mail.send(passwordChangedMail(user.email, user.firstName || user.email, user.locale));
  }

  /** Self or admin; anyone else gets 404, never another learner's data. */
  async get(auth: AuthContext, id: string): Promise<User> {
    if (auth.userId !== id && auth.role !== 'admin') throw notFound('User');
    const found = await repo.findUserById(this.deps.db, id);
    if (!found) throw notFound('User');
    return repo.toUserDto(found.user, found.boughtAnnual);
  }

  /** A change of the mail choices goes to the consent history with it (made by staff when not by the learner). */
  async update(auth: AuthContext, id: string, patch: UserPatchBody, ip: string | null = null): Promise<User> {
    await this.get(auth, id);
    const { marketing, ...fields } = patch;
    await transaction(this.deps.db, async (tx) => {
      if (Object.keys(fields).length) await repo.updateUser(tx, id, fields);
      if (marketing) {
        const source = auth.userId === id ? 'account' : 'staff';
        await this.deps.records.changeMarketing(tx, id, marketing, source, ip);
      }
    });
    return this.get(auth, id);
  }

  async setProfileImage(
    auth: AuthContext,
    id: string,
    url: string,
  ): Promise<{ user: User; previous: string | null }> {
    const current = await this.get(auth, id);
    await repo.updateUser(this.deps.db, id, { profileImage: url });
    return { user: await this.get(auth, id), previous: current.profile_image };
  }
}

const invalidCode = () =>
  new AppError('RESET_CODE_INVALID', 400, 'This link is invalid or has expired; ask for a new one', [
    { path: 'verificationString', message: 'Invalid or expired code' },
  ]);

export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 2)}${'*'.repeat(Math.max(3, name.length - 2))}@${domain}`;
}
