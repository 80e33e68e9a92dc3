import type { Db } from '../../db/client.js';

/**
 * One retention rule: what it removes, and the one statement that does it, given the moment to count back
 * from (`$1`; null: the database's now()). Each answers how many rows it changed.
 * docs/privacy.md lists the same rules; change both together.
 */
export interface RetentionRule {
  name: string;
  sql: string;
}

/** Network addresses and browser strings are kept this long: enough to look into an incident, then forgotten. */
export const ADDRESS_DAYS = 90;
/** Refresh tokens of an ended session, kept this long after it ended (for looking into a stolen token). */
export const ENDED_SESSION_DAYS = 30;
/** The development outbox (dev_mail, never used in production) keeps messages this long. */
export const DEV_MAIL_DAYS = 30;

/** The moment the rules count back from: the one given, else the database's own clock. */
const AT = 'coalesce($1::timestamptz, now())';
const addressesBefore = `${AT} - make_interval(days => ${ADDRESS_DAYS})`;

export const RETENTION_RULES: readonly RetentionRule[] = [
  {
    // A session not used for 90 days has ended (its absolute lifetime is 90 days by default); the learner's
    // devices list and the console keep its device name and times, without where it came from.
    name: 'sessions.address',
    sql: `update sessions set ip = null, user_agent = null
           where last_used_at < ${addressesBefore} and (ip is not null or user_agent is not null)`,
  },
  {
    // Which version was accepted, and when, stays: it is the proof of acceptance; the address is not needed.
    name: 'legal_acceptances.address',
    sql: `update legal_acceptances set ip = null, user_agent = null
           where accepted_at < ${addressesBefore} and (ip is not null or user_agent is not null)`,
  },
  {
    name: 'consent_events.address',
    sql: `update consent_events set ip = null where at < ${addressesBefore} and ip is not null`,
  },
  {
    // Kept only so a single-use token cannot be spent twice before it expires; sign-in spends them with the
    // same minute of slack (sessions.repo.ts spendToken).
    name: 'spent_tokens',
    sql: `delete from spent_tokens where expires_at < ${AT} - interval '1 minute'`,
  },
  {
    // A partner sign-in state is used once, within minutes; an expired one can never be used.
    name: 'oidc_logins',
    sql: `delete from oidc_logins where expires_at < ${AT}`,
  },
  {
    // A reset code works only unused and unexpired (password-resets.repo.ts); a day later it is gone.
    name: 'password_resets',
    sql: `delete from password_resets
           where expires_at < ${AT} - interval '1 day' or used_at < ${AT} - interval '1 day'`,
  },
  {
    // Reuse detection matters while a session lives; an ended session's tokens open nothing.
    name: 'refresh_tokens',
    sql: `delete from refresh_tokens t using sessions s
           where s.id = t.session_id
             and (s.revoked_at < ${AT} - make_interval(days => ${ENDED_SESSION_DAYS})
               or least(s.expires_at, s.absolute_expires_at)
                    < ${AT} - make_interval(days => ${ENDED_SESSION_DAYS}))`,
  },
  {
    name: 'dev_mail',
    sql: `delete from dev_mail where created_at < ${AT} - make_interval(days => ${DEV_MAIL_DAYS})`,
  },
];

/** Runs one rule as of `now` (null: the database's now()); answers the rows it changed. */
export async function applyRule(db: Db, rule: RetentionRule, now: Date | null): Promise<number> {
  const res = await db.$client.query(rule.sql, [now]);
  return res.rowCount ?? 0;
}
