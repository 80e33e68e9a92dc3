import type { Device, LoginAnswer, RegisterBody, User, UserPatchBody } from '@rianroo/contract';
import type { FastifyInstance } from 'fastify';
import { passwordChangedMail, passwordLinkMail, welcomeMail } from '../../mail/templates.js';
import type { AuthContext } from '../../types.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import { randomToken, sha256, uuidv7 } from '../../lib/ids.js';
import { assertNewPassword, hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { AuthService, ClientMeta } from '../auth/auth.service.js';
import * as resets from './password-resets.repo.js';
import * as repo from './users.repo.js';

const HOUR = 3600;

export class UsersService {
  constructor(
    private readonly app: FastifyInstance,
    private readonly auth: AuthService,
  ) {}

  async register(body: RegisterBody, meta: ClientMeta): Promise<LoginAnswer> {
    await this.app.limiter.consume(`register:ip:${meta.ip}`, this.app.config.registerMaxPerHour, HOUR);
    assertNewPassword(body.password);
    if (await repo.emailTaken(this.app.db, body.email)) {
      throw new AppError('ALREADY_EXISTS', 409, 'An account with this e-mail already exists', [
        { path: 'email', message: 'An account with this e-mail already exists' },
      ]);
    }
    const user = await repo
      .insertUser(this.app.db, {
        id: uuidv7(),
        email: body.email,
        passwordHash: await hashPassword(body.password),
        firstName: body.firstName,
        lastName: body.lastName,
        phone: body.phone ?? null,
        acceptedTermsAt: body.acceptTerms ? new Date() : null,
      })
      .catch((err: { code?: string }) => {
        if (err.code === '23505')
          throw new AppError('ALREADY_EXISTS', 409, 'An account with this e-mail already exists');
        throw err;
      });
    await this.app.mail.send(
      welcomeMail(user.email, user.firstName, user.locale, `${this.app.config.publicUrl}/library`),
    );
    return this.auth.startSession(user, body.device as Device, meta);
  }

  async forgotPassword(email: string, ip: string) {
    await this.app.limiter.consume(`forgot:ip:${ip}`, 30, HOUR);
    await this.app.limiter.consume(`forgot:email:${email}`, 5, HOUR);
    const user = await repo.findUserByEmail(this.app.db, email);
    if (user) await this.sendPasswordLink(user, user.passwordHash ? 'reset' : 'set');
  }

  async sendSetPasswordToLegacyUser(email: string, ip: string) {
    await this.app.limiter.consume(`set-password:ip:${ip}`, 30, HOUR);
    const user = await repo.findUserByEmail(this.app.db, email);
    if (!user || !user.legacy || user.passwordHash) throw notFound('Migrated account');
    await this.sendPasswordLink(user, 'set');
  }

  private async sendPasswordLink(user: repo.UserRow, purpose: 'reset' | 'set') {
    const code = randomToken();
    const minutes = this.app.config.resetCodeTtlMinutes;
    await resets.insertReset(this.app.db, {
      id: uuidv7(),
      userId: user.id,
      codeHash: sha256(code),
      purpose,
      expiresAt: new Date(Date.now() + minutes * 60_000),
    });
    const url = `${this.app.config.publicUrl}/reset-password?code=${code}${purpose === 'set' ? '&mode=set' : ''}`;
    await this.app.mail.send(
      passwordLinkMail(user.email, user.firstName || user.email, user.locale, url, purpose, minutes),
    );
  }

  async verifyReset(code: string) {
    const reset = await resets.findValidReset(this.app.db, sha256(code));
    const found = reset && (await repo.findUserById(this.app.db, reset.userId));
    if (!found) throw invalidCode();
    return { valid: true as const, email: maskEmail(found.user.email) };
  }

  async resetPassword(code: string, password: string, confirmation: string) {
    assertNewPassword(password, confirmation);
    const passwordHash = await hashPassword(password);
    const userId = await this.app.db.transaction(async (tx) => {
      const id = await resets.consumeReset(tx, sha256(code));
      if (!id) return undefined;
      await resets.retireResets(tx, id);
      await repo.updateUser(tx, id, { passwordHash, legacy: false });
      return id;
    });
    if (!userId) throw invalidCode();
    await this.auth.endAllSessions(userId, 'password-reset');
  }

  async checkPassword(userId: string, password: string) {
    await this.app.limiter.check(`check-password:${userId}`, 10);
    const found = await repo.findUserById(this.app.db, userId);
    const valid = !!found?.user.passwordHash && (await verifyPassword(found.user.passwordHash, password));
    if (!valid) await this.app.limiter.record(`check-password:${userId}`, 15 * 60);
    return { valid };
  }

  async changePassword(
    auth: AuthContext,
    body: { currentPassword?: string; password: string; passwordConfirmation: string },
  ) {
    const found = await repo.findUserById(this.app.db, auth.userId);
    if (!found) throw notFound('User');
    const { user } = found;
    if (user.passwordHash) {
      if (!body.currentPassword)
        throw fieldError('VALIDATION_ERROR', 'currentPassword', 'Enter your current password');
      const { valid } = await this.checkPassword(user.id, body.currentPassword);
      if (!valid) throw fieldError('INVALID_CREDENTIALS', 'currentPassword', 'Current password is incorrect');
    }
    assertNewPassword(body.password, body.passwordConfirmation);
    await repo.updateUser(this.app.db, user.id, {
      passwordHash: await hashPassword(body.password),
      legacy: false,
    });
    await this.auth.endAllSessions(user.id, 'password-changed', auth.sessionId);
    await this.app.mail.send(passwordChangedMail(user.email, user.firstName || user.email, user.locale));
  }

  /** Self or admin; anyone else gets 404, never another learner's data. */
  async get(auth: AuthContext, id: string): Promise<User> {
    if (auth.userId !== id && auth.role !== 'admin') throw notFound('User');
    const found = await repo.findUserById(this.app.db, id);
    if (!found) throw notFound('User');
    return repo.toUserDto(found.user, found.boughtAnnual);
  }

  async update(auth: AuthContext, id: string, patch: UserPatchBody): Promise<User> {
    const current = await this.get(auth, id);
    const { marketing, ...fields } = patch;
    await repo.updateUser(this.app.db, id, {
      ...fields,
      ...(marketing ? { marketing: { ...current.marketing, ...marketing } } : {}),
    });
    return this.get(auth, id);
  }

  async setProfileImage(
    auth: AuthContext,
    id: string,
    url: string,
  ): Promise<{ user: User; previous: string | null }> {
    const current = await this.get(auth, id);
    await repo.updateUser(this.app.db, id, { profileImage: url });
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
