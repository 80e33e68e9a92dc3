import type { ActiveDevice, Device, LoginAnswer, LoginBody, Session, TokenPair } from '@rianroo/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { transaction, type Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { randomToken, sha256, uuidv7 } from '../../lib/ids.js';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.js';
import type { ClientMeta } from '../../lib/request.js';
import type { TokenSigner } from '../../lib/tokens.js';
import type { SessionGuard } from '../../plugins/auth.js';
import type { Limiter } from '../../plugins/rate-limit.js';
import { findUserByEmail, findUserById, toUserDto, type UserRow } from './users.repo.js';
import * as repo from './sessions.repo.js';

const DAY = 86_400_000;

/** What a sign-in hook tells the learner through the login answer. */
export type SignInNotes = Partial<Pick<LoginAnswer, 'closure_cancelled'>>;
export type SignInHook = (tx: repo.Tx, userId: string) => Promise<SignInNotes | void>;
const accountKey = (email: string) => `login:account:${email}`;
const invalidRefresh = () => new AppError('UNAUTHORIZED', 401, 'Invalid or expired refresh token');

export interface AuthDeps {
  db: Db;
  config: Pick<
    Config,
    'loginLimits' | 'maxDevices' | 'refreshAbsoluteDays' | 'refreshTtlDays' | 'refreshReuseGraceSeconds'
  >;
  limiter: Limiter;
  sessions: SessionGuard;
  signer: TokenSigner;
  log: FastifyBaseLogger;
}

/** Accounts and sessions: login, device limit, refresh rotation with reuse detection, logout. */
export class AuthService {
  constructor(private readonly deps: AuthDeps) {}

  /**
   * Run in the transaction of every session opened (a sign-in by any means, a registration), last, once the
   * session is sure to open: what they answer joins the login answer. The privacy module cancels a pending
   * account closure here (signing in during the cool-off cancels it).
   */
  readonly onSignIn: SignInHook[] = [];

  private get cfg() {
    return this.deps.config;
  }

  async login(body: LoginBody, meta: ClientMeta): Promise<LoginAnswer> {
    const { accountMax, accountWindow, ipMax, ipWindow } = this.cfg.loginLimits;
    const email = body.email.toLowerCase();
    const pair = { key: `login:pair:${email}:${meta.ip}`, max: accountMax, windowSeconds: accountWindow };
    // The address and the pair are reserved before anything is read, so a throttled caller costs no query.
    const attempt = await this.deps.limiter.reserve([
      { key: `login:ip:${meta.ip}`, max: ipMax, windowSeconds: ipWindow },
      pair,
    ]);
    const user = await findUserByEmail(this.deps.db, body.email);
    // A known device skips the account-wide limit, so attackers elsewhere cannot lock the owner out.
    const knownDevice = user
      ? await repo.hasUsedDevice(this.deps.db, user.id, body.device.id, user.credentialsChangedAt)
      : false;
    const account = knownDevice
      ? undefined
      : await this.deps.limiter
          .reserve([{ key: accountKey(email), max: accountMax * 5, windowSeconds: accountWindow }])
          .catch(async (err: unknown) => {
            await attempt.release();
            throw err;
          });
    const ok = user?.passwordHash
      ? await verifyPassword(user.passwordHash, body.password)
      : (await burnPasswordCheck(body.password), false);
    if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', 401, 'Incorrect e-mail or password');
    // Only failures count: a success gives its reservations back and clears the pair.
    await Promise.all([attempt.release(), account?.release()]);
    await this.deps.limiter.reset(pair.key);
    // The password checked must still be the account's when the session opens (a change meanwhile ends it).
    return this.startSession(user, body.device, meta, [], user.credentialsChangedAt);
  }

  /** A password reset by the owner clears the account-wide limit that others' guesses had filled. */
  async clearAccountLimit(email: string) {
    await this.deps.limiter.reset(accountKey(email.toLowerCase()));
  }

  /**
   * Creates a session on the device, enforcing MAX_DEVICES; logoutDeviceIds are ended first. With `credentials`
   * (when the account's credentials had last changed as the caller checked them), refused should they have
   * changed since.
   */
  async startSession(
    user: UserRow,
    device: Device,
    meta: ClientMeta,
    logoutDeviceIds: string[] = [],
    credentials?: Date | null,
  ) {
    const opened = await transaction(this.deps.db, (tx) =>
      this.openSession(tx, user, device, meta, logoutDeviceIds, credentials),
    );
    return this.issue(user.id, opened);
  }

  /**
   * The session rows, inside the caller's transaction (registration opens the account, its session and
   * its welcome mail all together or not at all). Hand the answer to `issue` once it has committed.
   */
  async openSession(
    tx: repo.Tx,
    user: UserRow,
    device: Device,
    meta: ClientMeta,
    logoutDeviceIds: string[] = [],
    credentials?: Date | null,
  ) {
    const now = Date.now();
    const sessionId = uuidv7();
    const refresh = randomToken();
    const { credentialsChangedAt } = await repo.lockUser(tx, user.id);
    // A password changed or reset (or taken by a provider) while this sign-in was under way: what it proved
    // no longer opens the account.
    if (credentials !== undefined && credentialsChangedAt?.getTime() !== credentials?.getTime()) {
      throw new AppError('INVALID_CREDENTIALS', 401, 'Incorrect e-mail or password');
    }
    const ended = await repo.revokeSessions(
      tx,
      { userId: user.id, deviceIds: [...logoutDeviceIds, device.id] },
      logoutDeviceIds.length ? 'signed-out-by-partial-login' : 'replaced-on-same-device',
    );
    const live = await repo.liveSessions(tx, user.id);
    if (live.length >= this.cfg.maxDevices) {
      throw await this.deviceLimitError(user, device, meta, live, credentialsChangedAt);
    }
    const absolute = new Date(now + this.cfg.refreshAbsoluteDays * DAY);
    await repo.insertSession(tx, {
      id: sessionId,
      userId: user.id,
      deviceId: device.id,
      deviceName: device.name,
      userAgent: meta.userAgent?.slice(0, 400) ?? null,
      ip: meta.ip,
      expiresAt: new Date(Math.min(now + this.cfg.refreshTtlDays * DAY, absolute.getTime())),
      absoluteExpiresAt: absolute,
    });
    await repo.insertRefreshToken(tx, sha256(refresh), sessionId);
    let notes: SignInNotes = {};
    for (const hook of this.onSignIn) notes = { ...notes, ...(await hook(tx, user.id)) };
    return { sessionId, refresh, ended, notes };
  }

  /** The login answer of a session opened (and committed) by `openSession`. */
  async issue(
    userId: string,
    opened: { sessionId: string; refresh: string; ended: string[]; notes?: SignInNotes },
  ): Promise<LoginAnswer> {
    this.deps.sessions.forget(opened.ended);
    const loaded = await findUserById(this.deps.db, userId);
    return {
      access_token: await this.deps.signer.signAccess({ sub: userId, sid: opened.sessionId }),
      refresh_token: opened.refresh,
      user: toUserDto(loaded!.user, loaded!.boughtAnnual),
      ...opened.notes,
    };
  }

  private async deviceLimitError(
    user: UserRow,
    device: Device,
    meta: ClientMeta,
    live: repo.SessionRow[],
    credentialsChangedAt: Date | null,
  ) {
    const devices: ActiveDevice[] = live.map((s) => ({
      id: s.deviceId,
      name: s.deviceName,
      lastUsedAt: s.lastUsedAt.toISOString(),
      createdAt: s.createdAt.toISOString(),
    }));
    // The token completes this sign-in only while the account's credentials stay as they are now.
    const partialToken = await this.deps.signer.signPartial({
      sub: user.id,
      device,
      ua: meta.userAgent,
      credentials: credentialsChangedAt?.getTime() ?? 0,
    });
    return new AppError(
      'DEVICE_LIMIT_REACHED',
      409,
      `You are signed in on ${live.length} devices, the most allowed. Sign out of one to continue.`,
      undefined,
      { partialToken, devices },
    );
  }

  async partialLogin(partialToken: string, logoutDeviceIds: string[], meta: ClientMeta) {
    const claims = await this.deps.signer.verifyPartial(partialToken);
    const loaded = await findUserById(this.deps.db, claims.sub);
    if (!loaded) throw new AppError('UNAUTHORIZED', 401, 'Invalid token');
    // Single use: spent in the transaction of the session it opens (a refused attempt leaves it unspent).
    const opened = await transaction(this.deps.db, async (tx) => {
      if (!(await repo.spendToken(tx, claims.jti, claims.expiresAt))) {
        throw new AppError('UNAUTHORIZED', 401, 'This sign-in was already completed; please sign in again');
      }
      const device = { ...meta, userAgent: claims.ua };
      const credentials = claims.credentials ? new Date(claims.credentials) : null;
      return this.openSession(tx, loaded.user, claims.device, device, logoutDeviceIds, credentials);
    });
    return this.issue(loaded.user.id, opened);
  }

  async refresh(userId: string, refreshToken: string): Promise<TokenPair> {
    const hash = sha256(refreshToken);
    const next = randomToken();
    const now = Date.now();
    const sessionId = await transaction(this.deps.db, async (tx) => {
      const id = await repo.consumeRefreshToken(tx, hash);
      if (!id) return undefined;
      const s = await repo.findSession(tx, id);
      if (!s || s.userId !== userId || s.revokedAt || s.expiresAt.getTime() <= now) throw invalidRefresh();
      if (!(await repo.userActive(tx, userId))) throw invalidRefresh();
      const expires = Math.min(now + this.cfg.refreshTtlDays * DAY, s.absoluteExpiresAt.getTime());
      await repo.touchSession(tx, id, new Date(expires));
      await repo.insertRefreshToken(tx, sha256(next), id);
      return id;
    });
    if (!sessionId) {
      await this.onUnknownOrReused(hash);
      throw invalidRefresh();
    }
    return {
      access_token: await this.deps.signer.signAccess({ sub: userId, sid: sessionId }),
      refresh_token: next,
    };
  }

  /** A used refresh token presented again means it was copied: end that session (reuse detection). */
  private async onUnknownOrReused(hash: string) {
    const token = await repo.findRefreshToken(this.deps.db, hash);
    if (!token?.usedAt) return;
    const sinceUse = Date.now() - token.usedAt.getTime();
    if (sinceUse < this.cfg.refreshReuseGraceSeconds * 1000) return; // two tabs racing, not theft
    const s = await repo.findSession(this.deps.db, token.sessionId);
    if (!s) return;
    const ended = await repo.revokeSessions(
      this.deps.db,
      { userId: s.userId, ids: [s.id] },
      'refresh-token-reuse',
    );
    this.deps.sessions.forget(ended);
    this.deps.log.warn({ sessionId: s.id }, 'refresh token reuse: session revoked');
  }

  async currentUser(userId: string) {
    const found = await findUserById(this.deps.db, userId);
    if (!found) throw new AppError('UNAUTHORIZED', 401, 'Authentication required');
    return toUserDto(found.user, found.boughtAnnual);
  }

  async logout(userId: string, sessionId: string) {
    const ended = await repo.revokeSessions(this.deps.db, { userId, ids: [sessionId] }, 'logout');
    this.deps.sessions.forget(ended);
  }

  async listSessions(userId: string, currentSessionId: string): Promise<Session[]> {
    const rows = await repo.liveSessions(this.deps.db, userId);
    return rows.map((s) => ({
      id: s.id,
      deviceId: s.deviceId,
      deviceName: s.deviceName,
      userAgent: s.userAgent,
      createdAt: s.createdAt.toISOString(),
      lastUsedAt: s.lastUsedAt.toISOString(),
      current: s.id === currentSessionId,
    }));
  }

  async endSession(userId: string, sessionId: string) {
    const ended = await repo.revokeSessions(this.deps.db, { userId, ids: [sessionId] }, 'ended-by-user');
    if (!ended.length) throw notFound('Session');
    this.deps.sessions.forget(ended);
  }

  /**
   * Ends every session of the user inside the caller's transaction (closing the account); pass the answer to
   * `forgetSessions` once it has committed.
   */
  endAllSessionsIn(tx: repo.Tx, userId: string, reason: string) {
    return repo.revokeSessions(tx, { userId }, reason);
  }

  forgetSessions(ids: string[]) {
    this.deps.sessions.forget(ids);
  }

  /** Ends every session of the user (password reset), or all but one (password change). */
  async endAllSessions(userId: string, reason: string, exceptId?: string) {
    const ended = await repo.revokeSessions(this.deps.db, { userId, exceptId }, reason);
    this.deps.sessions.forget(ended);
  }
}
