import type {
  AdminRoleBody,
  AdminSubscriptionGrantBody,
  AdminUserDetail,
  AdminUserQuery,
  AdminUserSubscription,
} from '@rianroo/contract';
import { violatedConstraint } from '../../db/errors.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { bangkokDay, billingRepo as billing, periodEnd } from '../billing/index.js';
import { auditedWrite, type AuditedChange } from '../audit/index.js';
import * as detail from './people-detail.repo.js';
import * as repo from './people.repo.js';
import type { Db } from '../../db/client.js';
import type { SessionGuard } from '../../plugins/auth.js';

const subscriptionExists = () =>
  new AppError(
    'SUBSCRIPTION_EXISTS',
    409,
    'This learner already has a current subscription: end it first, or let it run',
  );
const alreadyEnded = (what: string) => new AppError('ALREADY_REVOKED', 409, `${what} was already ended`);

/** What the service uses. */
export interface PeopleDeps {
  db: Db;
  sessions: Pick<SessionGuard, 'forget' | 'forgetUser'>;
}

/** Users in the console: search, one user's sessions, subscriptions and certificates, and changes to them. */
export class PeopleService {
  constructor(private readonly deps: PeopleDeps) {}

  list(q: AdminUserQuery) {
    return repo.listUsers(this.deps.db, q);
  }

  async detail(id: string): Promise<AdminUserDetail> {
    const db = this.deps.db.$client;
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
    let admins: string[] = [];
    await auditedWrite(this.deps.db, {
      actorId,
      action: 'user.role',
      entity: 'user',
      what: 'User',
      lock: async (c) => {
        admins = await repo.lockAdmins(c);
      },
      id,
      read: repo.userRole,
      change: async (c, user) => {
        if (user.role === role) return 'unchanged';
        if (user.role === 'admin' && admins.filter((a) => a !== id).length === 0)
          throw new AppError('LAST_ADMIN', 409, 'There must be at least one administrator');
        await repo.setRole(c, id, role);
      },
    });
    // The trigger on users tells every process to look the user's sessions up again (their role changed).
    this.deps.sessions.forgetUser(id);
    return this.detail(id);
  }

  /**
   * Ends one of the user's sessions; refused at once by every process (the revocation is notified). A session
   * that is not this user's is NOT_FOUND (as a subscription is), one of theirs already ended ALREADY_REVOKED.
   */
  async endSession(actorId: string, userId: string, sessionId: string) {
    await auditedWrite(this.deps.db, {
      actorId,
      action: 'session.revoke',
      entity: 'session',
      what: 'Session',
      id: sessionId,
      read: (c, id, lock) => detail.sessionOf(c, userId, id, lock),
      change: async (c, before) => {
        if (before.revokedAt) throw alreadyEnded('This session');
        await detail.revokeSession(c, sessionId);
      },
    });
    this.deps.sessions.forget([sessionId]);
  }

  /** Ends a subscription now (refund, mistaken grant); an already expired one is refused. */
  endSubscription(actorId: string, userId: string, subscriptionId: string) {
    return this.subscriptionWrite(actorId, userId, 'subscription.end', {
      id: subscriptionId,
      change: async (c, before) => {
        if (before.status === 'expired') throw alreadyEnded('This subscription');
        await detail.endSubscription(c, subscriptionId);
      },
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
      return await this.subscriptionWrite(
        actorId,
        userId,
        'subscription.grant',
        {
          id: null,
          change: async (c) => {
            if (!(await repo.userRow(c, userId))) throw notFound('User');
            await billing.lockLearner(c, userId);
            const plan = await billing.planById(c, body.planId, true);
            if (!plan) throw notFound('Plan');
            if (!plan.active || plan.interval === 'trial')
              throw new AppError('PLAN_UNAVAILABLE', 409, 'Only an active paid plan can be granted');
            const now = new Date();
            const end = body.endsAt
              ? new Date(body.endsAt)
              : periodEnd(now, plan.interval, plan.interval_count);
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
            return id;
          },
        },
        { reason: body.reason },
      );
    } catch (err) {
      // The one-current key: every writer takes the billing lock now, but should one not, the answer stays a 409.
      if (violatedConstraint(err) === 'subscriptions_one_current_idx') throw subscriptionExists();
      throw err;
    }
  }

  /**
   * An audited write of one of the user's subscriptions, recorded with the user (and `also`, such as a grant's
   * reason); answers the subscription after.
   */
  private subscriptionWrite(
    actorId: string,
    userId: string,
    action: string,
    row: AuditedChange<AdminUserSubscription>,
    also: object = {},
  ) {
    return auditedWrite(this.deps.db, {
      actorId,
      action,
      entity: 'subscription',
      what: 'Subscription',
      read: (c, id, lock) => detail.subscriptionOf(c, userId, id, lock),
      record: (s) => ({ ...s, userId, ...also }),
      ...row,
    });
  }

  /** Revokes a certificate with a reason; its public page then says so, and its PDF is refused. */
  revokeCertificate(actorId: string, id: string, reason: string) {
    return auditedWrite(this.deps.db, {
      actorId,
      action: 'certificate.revoke',
      entity: 'certificate',
      what: 'Certificate',
      id,
      read: detail.certificate,
      change: async (c, before) => {
        if (before.revokedAt) throw alreadyEnded('This certificate');
        await detail.revokeCertificate(c, id, reason);
      },
    });
  }
}
