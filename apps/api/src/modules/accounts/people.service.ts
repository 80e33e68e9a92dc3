import type {
  AdminRoleBody,
  AdminSubscriptionGrantBody,
  AdminUserDetail,
  AdminUserQuery,
  AdminUserSubscription,
} from '@rianroo/contract';
import type { FastifyInstance } from 'fastify';
import { inTransaction } from '../../db/client.js';
import { violatedConstraint } from '../../db/errors.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { bangkokDay, billingRepo as billing, periodEnd } from '../billing/index.js';
import { recordAudit } from '../audit/index.js';
import * as detail from './people-detail.repo.js';
import * as repo from './people.repo.js';

const subscriptionExists = () =>
  new AppError(
    'SUBSCRIPTION_EXISTS',
    409,
    'This learner already has a current subscription: end it first, or let it run',
  );
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

  /**
   * Ends one of the user's sessions; refused at once by every process (the revocation is notified). A session
   * that is not this user's is NOT_FOUND (as a subscription is), one of theirs already ended ALREADY_REVOKED.
   */
  async endSession(actorId: string, userId: string, sessionId: string) {
    const ended = await inTransaction(this.app.db, async (c) => {
      const found = await detail.lockedSession(c, userId, sessionId);
      if (!found) throw notFound('Session');
      if (found.ended) throw alreadyEnded('This session');
      const before = found.session;
      await detail.revokeSession(c, sessionId);
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

  /**
   * Grants a paid plan from now until `endsAt` (default: one period of the plan, by the billing period rule),
   * without renewal, written as a paid order writes it. Under the learner's billing lock (the one payments take),
   * so a grant, a payment or a second grant take turns; a learner who holds a current subscription is refused
   * (SUBSCRIPTION_EXISTS) rather than given a second, overlapping one. Access follows at once (course_access).
   */
  async grantSubscription(
    actorId: string,
    userId: string,
    body: AdminSubscriptionGrantBody,
  ): Promise<AdminUserSubscription> {
    try {
      return await inTransaction(this.app.db, async (c) => {
        if (!(await repo.userRow(c, userId))) throw notFound('User');
        await billing.lockLearner(c, userId);
        const plan = await billing.planById(c, body.planId, true);
        if (!plan) throw notFound('Plan');
        if (!plan.active || plan.interval === 'trial')
          throw new AppError('PLAN_UNAVAILABLE', 409, 'Only an active paid plan can be granted');
        const now = new Date();
        const end = body.endsAt ? new Date(body.endsAt) : periodEnd(now, plan.interval, plan.interval_count);
        if (end.getTime() <= now.getTime())
          throw fieldError('VALIDATION_ERROR', 'endsAt', 'The end must be in the future');
        await billing.expireEnded(c, now, userId);
        const current = await billing.currentSubscription(c, userId, true);
        if (current) throw subscriptionExists();
        const id = uuidv7();
        await billing.insertSubscription(c, {
          id,
          userId,
          planId: plan.id,
          start: now,
          end,
          anchorDay: bangkokDay(body.endsAt ? end : now),
          provider: 'admin',
          providerRef: null,
          autoRenew: false,
        });
        const after = (await detail.lockedSubscription(c, userId, id))!;
        await recordAudit(c, {
          actorId,
          action: 'subscription.grant',
          entity: 'subscription',
          entityId: id,
          before: null,
          after: { ...after, userId, reason: body.reason },
        });
        return after;
      });
    } catch (err) {
      // The one-current key: every writer takes the billing lock now, but should one not, the answer stays a 409.
      if (violatedConstraint(err) === 'subscriptions_one_current_idx') throw subscriptionExists();
      throw err;
    }
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
