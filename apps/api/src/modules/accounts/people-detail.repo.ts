import type { AdminCertificate, AdminSession, AdminUserSubscription } from '@rianroo/contract';
import type { Db, TxClient } from '../../db/client.js';

type Q = Db['$client'] | TxClient;

type SessionRow = {
  id: string;
  device_name: string;
  user_agent: string | null;
  ip: string | null;
  created_at: Date;
  last_used_at: Date;
  expires_at: Date;
};
const toSession = (r: SessionRow): AdminSession => ({
  id: r.id,
  deviceName: r.device_name,
  userAgent: r.user_agent,
  ip: r.ip,
  createdAt: r.created_at.toISOString(),
  lastUsedAt: r.last_used_at.toISOString(),
  expiresAt: r.expires_at.toISOString(),
});

/** The user's live sessions, most recently used first. */
export async function liveSessions(db: Q, userId: string): Promise<AdminSession[]> {
  const { rows } = await db.query<SessionRow>(
    `select id, device_name, user_agent, ip, created_at, last_used_at, expires_at from sessions
      where user_id = $1 and revoked_at is null and expires_at > now() order by last_used_at desc`,
    [userId],
  );
  return rows.map(toSession);
}

/** A session as the audit log records it: with its user, and when and why it was ended (null while live). */
export type AuditedSession = AdminSession & {
  userId: string;
  revokedAt: string | null;
  revokeReason: string | null;
};

/**
 * One session of the user, live or ended; nothing when it is not theirs. `lock` holds it until the transaction
 * ends.
 */
export async function sessionOf(
  db: Q,
  userId: string,
  sessionId: string,
  lock = false,
): Promise<AuditedSession | undefined> {
  const { rows } = await db.query<SessionRow & { revoked_at: Date | null; revoke_reason: string | null }>(
    `select id, device_name, user_agent, ip, created_at, last_used_at, expires_at, revoked_at, revoke_reason
       from sessions where id = $2 and user_id = $1${lock ? ' for update' : ''}`,
    [userId, sessionId],
  );
  const r = rows[0];
  return (
    r && {
      ...toSession(r),
      userId,
      revokedAt: r.revoked_at?.toISOString() ?? null,
      revokeReason: r.revoke_reason,
    }
  );
}

/** Ends a session (its revocation is notified to every process). */
export async function revokeSession(c: TxClient, sessionId: string) {
  await c.query(
    `update sessions set revoked_at = now(), revoke_reason = 'ended-by-admin' where id = $1 and revoked_at is null`,
    [sessionId],
  );
}

type SubRow = {
  id: string;
  plan_code: string;
  plan_name: string;
  status: AdminUserSubscription['status'];
  current_period_start: Date;
  current_period_end: Date;
  auto_renew: boolean;
  provider: string;
  trial: boolean;
};
const toSub = (r: SubRow): AdminUserSubscription => ({
  id: r.id,
  planCode: r.plan_code,
  planName: r.plan_name,
  status: r.status,
  currentPeriodStart: r.current_period_start.toISOString(),
  currentPeriodEnd: r.current_period_end.toISOString(),
  autoRenew: r.auto_renew,
  provider: r.provider,
  trial: r.trial,
});
const SUB_SELECT = `select s.id, p.code as plan_code, p.name as plan_name, s.status, s.current_period_start,
    s.current_period_end, s.auto_renew, s.provider, s.trial
   from subscriptions s join plans p on p.id = s.plan_id`;

export async function subscriptionsOf(db: Q, userId: string): Promise<AdminUserSubscription[]> {
  const { rows } = await db.query<SubRow>(
    `${SUB_SELECT} where s.user_id = $1 order by s.current_period_end desc`,
    [userId],
  );
  return rows.map(toSub);
}

/** One subscription of the user; nothing when it is not theirs. `lock` holds it until the transaction ends. */
export async function subscriptionOf(db: Q, userId: string, id: string, lock = false) {
  const { rows } = await db.query<SubRow>(
    `${SUB_SELECT} where s.user_id = $1 and s.id = $2${lock ? ' for update of s' : ''}`,
    [userId, id],
  );
  return rows[0] && toSub(rows[0]);
}

/** Ends a subscription now: access stops at once, renewal is off (an admin's refund or a mistaken grant). */
export async function endSubscription(c: TxClient, id: string) {
  await c.query(
    `update subscriptions set status = 'expired', expired_at = now(), auto_renew = false,
        canceled_at = coalesce(canceled_at, now()), current_period_end = least(current_period_end, now()),
        updated_at = now()
      where id = $1`,
    [id],
  );
}

type CertRow = {
  id: string;
  code: string;
  course_title: string;
  learner_name: string;
  issued_at: Date;
  revoked_at: Date | null;
  revoke_reason: string | null;
};
const toCert = (r: CertRow): AdminCertificate => ({
  id: r.id,
  code: r.code,
  courseTitle: r.course_title,
  learnerName: r.learner_name,
  issuedAt: r.issued_at.toISOString(),
  revokedAt: r.revoked_at ? r.revoked_at.toISOString() : null,
  revokeReason: r.revoke_reason,
});
const CERT_SELECT = `select id, code, course_title, learner_name, issued_at, revoked_at, revoke_reason from certificates`;

export async function certificatesOf(db: Q, userId: string): Promise<AdminCertificate[]> {
  const { rows } = await db.query<CertRow>(`${CERT_SELECT} where user_id = $1 order by issued_at desc`, [
    userId,
  ]);
  return rows.map(toCert);
}

/** One certificate; `lock` holds it until the transaction ends. */
export async function certificate(db: Q, id: string, lock = false) {
  const { rows } = await db.query<CertRow>(`${CERT_SELECT} where id = $1${lock ? ' for update' : ''}`, [id]);
  return rows[0] && toCert(rows[0]);
}

export async function revokeCertificate(c: TxClient, id: string, reason: string) {
  await c.query(`update certificates set revoked_at = now(), revoke_reason = $2 where id = $1`, [id, reason]);
}
