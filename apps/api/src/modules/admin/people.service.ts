import type { AdminRoleBody, AdminUserDetail, AdminUserQuery } from '@rianroo/contract';
import type { FastifyInstance } from 'fastify';
import { inTransaction } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { recordAudit } from './audit.repo.js';
import * as detail from './people-detail.repo.js';
import * as repo from './people.repo.js';

const alreadyEnded = (what: string) => new AppError('ALREADY_REVOKED', 409, `${what} was already ended`);

/** Users in the console: search, one user's sessions, subscriptions and certificates, and changes to them. */
export class PeopleService {
  constructor(private readonly app: Pick<FastifyInstance, 'db' | 'sessions'>) {}

  list(q: AdminUserQuery) {
    return repo.listUsers(this.app.db, q);
  }

  async detail(id: string): Promise<AdminUserDetail> {
    const db = this.app.db.$client;
    const [row, extras, sessions, subscriptions, certificates] = await Promise.all([
      repo.userRow(db, id),
      repo.userExtras(db, id),
      detail.liveSessions(db, id),
      detail.subscriptionsOf(db, id),
      detail.certificatesOf(db, id),
    ]);
    if (!row || !extras) throw notFound('User');
    return {
      ...row,
      phone: extras.phone,
      locale: extras.locale,
      emailVerifiedAt: extras.email_verified_at?.toISOString() ?? null,
      sessions,
      subscriptions,
      certificates,
    };
  }

  /**
   * Gives a user another role. An administrator cannot change their own role (OWN_ROLE), and the last
   * administrator stays one (LAST_ADMIN): the administrators are locked first, so two demotions at once
   * are decided one after the other.
   */
  async setRole(actorId: string, id: string, { role }: AdminRoleBody) {
    if (actorId === id) throw new AppError('OWN_ROLE', 409, 'You cannot change your own role');
    await inTransaction(this.app.db, async (c) => {
      const admins = await repo.lockAdmins(c);
      const user = await repo.lockUser(c, id);
      if (!user) throw notFound('User');
      if (user.role === role) return;
      if (user.role === 'admin' && admins.filter((a) => a !== id).length === 0)
        throw new AppError('LAST_ADMIN', 409, 'There must be at least one administrator');
      await repo.setRole(c, id, role);
      await recordAudit(c, {
        actorId,
        action: 'user.role',
        entity: 'user',
        entityId: id,
        before: { role: user.role },
        after: { role },
      });
    });
    // The trigger on users tells every process to look the user's sessions up again (their role changed).
    this.app.sessions.forgetUser(id);
    return this.detail(id);
  }

  /** Ends one of the user's sessions; refused at once by every process (the revocation is notified). */
  async endSession(actorId: string, userId: string, sessionId: string) {
    const ended = await inTransaction(this.app.db, async (c) => {
      const before = await detail.revokeSession(c, userId, sessionId);
      if (!before) throw alreadyEnded('This session');
      await recordAudit(c, {
        actorId,
        action: 'session.revoke',
        entity: 'session',
        entityId: sessionId,
        before: { ...before, userId, revokedAt: null },
        after: { ...before, userId, revokedAt: new Date().toISOString(), revokeReason: 'ended-by-admin' },
      });
      return before;
    });
    this.app.sessions.forget([ended.id]);
  }

  /** Ends a subscription now (refund, mistaken grant); an already expired one is refused. */
  async endSubscription(actorId: string, userId: string, subscriptionId: string) {
    return inTransaction(this.app.db, async (c) => {
      const before = await detail.lockedSubscription(c, userId, subscriptionId);
      if (!before) throw notFound('Subscription');
      if (before.status === 'expired') throw alreadyEnded('This subscription');
      const after = await detail.endSubscription(c, subscriptionId);
      await recordAudit(c, {
        actorId,
        action: 'subscription.end',
        entity: 'subscription',
        entityId: subscriptionId,
        before: { ...before, userId },
        after: { ...after, userId },
      });
      return after;
    });
  }

  /** Revokes a certificate with a reason; its public page then says so, and its PDF is refused. */
  async revokeCertificate(actorId: string, id: string, reason: string) {
    return inTransaction(this.app.db, async (c) => {
      const before = await detail.lockedCertificate(c, id);
      if (!before) throw notFound('Certificate');
      if (before.revokedAt) throw alreadyEnded('This certificate');
      const after = await detail.revokeCertificate(c, id, reason);
      await recordAudit(c, {
        actorId,
        action: 'certificate.revoke',
        entity: 'certificate',
        entityId: id,
        before,
        after,
      });
      return after;
    });
  }
}
