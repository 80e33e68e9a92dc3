import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/lib/ids.js';
import { createTestApp, uniqueEmail, type TestApp } from './helpers.js';

/**
 * Retention (PDPA): each rule, run with the clock moved, removes or forgets only what is past its bound. Rows
 * are placed just past and just short of each bound, counted back from the moved clock.
 */
let t: TestApp;
/** The moved clock: 200 days after the database's own. */
let moved: Date;
const TERMS = '019b76a5-8c00-7000-8000-000000000001';

const q = (text: string, values: unknown[] = []) => t.db.$client.query(text, values);
/** `days` before the moved clock (negative: after it). */
const ago = (days: number) => new Date(moved.getTime() - days * 86_400_000);

async function user() {
  const id = uuidv7();
  await q(`insert into users (id, email) values ($1, $2)`, [id, uniqueEmail('kept')]);
  return id;
}
async function session(
  userId: string,
  s: { lastUsed?: Date; revoked?: Date | null; expires?: Date; absolute?: Date },
) {
  const id = uuidv7();
  await q(
    `insert into sessions (id, user_id, device_id, device_name, user_agent, ip, last_used_at, expires_at,
       absolute_expires_at, revoked_at)
     values ($1, $2, $3, 'Chrome บน Windows', 'Mozilla/5.0', '203.0.113.7', $4, $5, $6, $7)`,
    [
      id,
      userId,
      `device-${id}`,
      s.lastUsed ?? moved,
      s.expires ?? ago(-30),
      s.absolute ?? ago(-90),
      s.revoked ?? null,
    ],
  );
  return id;
}
const one = async (text: string, id: unknown) => (await q(text, [id])).rows[0];

beforeAll(async () => {
  t = await createTestApp();
  moved = (await q(`select now() + interval '200 days' as at`)).rows[0].at;
});
afterAll(() => t?.close());

describe('retention, with the clock moved', () => {
  it('forgets network addresses and browser strings older than 90 days, and only those', async () => {
    const u = await user();
    const v = await user();
    const oldSession = await session(u, { lastUsed: ago(91), revoked: ago(91) });
    const recentSession = await session(u, { lastUsed: ago(89) });
    await q(
      `insert into legal_acceptances (user_id, document_id, accepted_at, ip, user_agent)
       values ($1, $3, $4, '198.51.100.1', 'ua-old'), ($2, $3, $5, '198.51.100.2', 'ua-new')`,
      [u, v, TERMS, ago(91), ago(89)],
    );
    const oldConsent = uuidv7();
    const newConsent = uuidv7();
    await q(
      `insert into consent_events (id, user_id, purpose, granted, source, at, ip)
       values ($1, $3, 'marketing', true, 'account', $4, '192.0.2.1'),
              ($2, $3, 'marketing', false, 'account', $5, '192.0.2.2')`,
      [oldConsent, newConsent, u, ago(91), ago(89)],
    );

    // By the real clock nothing is old yet.
    await t.app.retention.runRetention();
    expect(await one(`select ip from sessions where id = $1`, oldSession)).toEqual({ ip: '203.0.113.7' });

    const counts = await t.app.retention.runRetention(moved);
    expect(counts['sessions.address']).toBeGreaterThanOrEqual(1);
    expect(await one(`select ip, user_agent, device_name from sessions where id = $1`, oldSession)).toEqual({
      ip: null,
      user_agent: null,
      device_name: 'Chrome บน Windows',
    });
    expect(await one(`select ip, user_agent from sessions where id = $1`, recentSession)).toEqual({
      ip: '203.0.113.7',
      user_agent: 'Mozilla/5.0',
    });
    const acceptance = (id: string) =>
      one(
        `select ip, user_agent, accepted_at is not null as kept from legal_acceptances where user_id = $1`,
        id,
      );
    expect(await acceptance(u)).toEqual({ ip: null, user_agent: null, kept: true });
    expect(await acceptance(v)).toEqual({ ip: '198.51.100.2', user_agent: 'ua-new', kept: true });
    expect(await one(`select ip, granted from consent_events where id = $1`, oldConsent)).toEqual({
      ip: null,
      granted: true,
    });
    expect(await one(`select ip from consent_events where id = $1`, newConsent)).toEqual({ ip: '192.0.2.2' });
  });

  it('deletes spent tokens and sign-in states past expiry, keeping the ones still live', async () => {
    await q(`insert into spent_tokens (id, expires_at) values ('spent-old', $1), ('spent-live', $2)`, [
      ago(2 / 1440),
      ago(-1 / 1440),
    ]);
    await q(
      `insert into oidc_logins (state, provider, nonce, code_challenge, redirect_uri, expires_at)
       values ('state-old', 'partner', 'n', 'c', 'http://x/cb', $1), ('state-live', 'partner', 'n', 'c', 'http://x/cb', $2)`,
      [ago(1 / 1440), ago(-5 / 1440)],
    );
    const counts = await t.app.retention.runRetention(moved);
    expect(counts).toMatchObject({ spent_tokens: 1, oidc_logins: 1 });
    expect((await q(`select id from spent_tokens order by id`)).rows).toEqual([{ id: 'spent-live' }]);
    expect((await q(`select state from oidc_logins`)).rows).toEqual([{ state: 'state-live' }]);
  });

  it('deletes password reset codes used or expired over a day ago; live and just-used ones stay', async () => {
    const u = await user();
    const reset = async (expires: Date, used: Date | null) => {
      const id = uuidv7();
      await q(
        `insert into password_resets (id, user_id, code_hash, purpose, created_at, expires_at, used_at)
         values ($1, $2, $6, 'reset', $3, $4, $5)`,
        [id, u, ago(3), expires, used, `hash-${id}`],
      );
      return id;
    };
    const expired = await reset(ago(1.1), null);
    const usedLongAgo = await reset(ago(-1), ago(1.1));
    const live = await reset(ago(-1), null);
    const justUsed = await reset(ago(-1), ago(0.5));
    const expiredToday = await reset(ago(0.5), null);
    await t.app.retention.runRetention(moved);
    const left = (await q(`select id from password_resets where user_id = $1`, [u])).rows.map((r) => r.id);
    expect(left.sort()).toEqual([live, justUsed, expiredToday].sort());
    expect(left).not.toContain(expired);
    expect(left).not.toContain(usedLongAgo);
  });

  it('deletes refresh tokens of sessions ended over 30 days ago; tokens of live or lately ended ones stay', async () => {
    const u = await user();
    const revokedLong = await session(u, { revoked: ago(31) });
    const revokedLately = await session(u, { revoked: ago(29) });
    const expiredLong = await session(u, { expires: ago(31), absolute: ago(-10) });
    const absoluteLong = await session(u, { expires: ago(-10), absolute: ago(31) });
    const live = await session(u, {});
    for (const s of [revokedLong, revokedLately, expiredLong, absoluteLong, live])
      await q(
        `insert into refresh_tokens (token_hash, session_id, used_at) values ($1, $2, $3), ($4, $2, null)`,
        [`used-${s}`, s, ago(40), `fresh-${s}`],
      );
    await t.app.retention.runRetention(moved);
    const { rows } = await q(
      `select session_id, count(*)::int as n from refresh_tokens where session_id = any($1) group by 1`,
      [[revokedLong, revokedLately, expiredLong, absoluteLong, live]],
    );
    const left = Object.fromEntries(rows.map((r) => [r.session_id, r.n]));
    expect(left).toEqual({ [revokedLately]: 2, [live]: 2 });
    // The sessions themselves stay (the learner's and the console's session history).
    expect((await q(`select count(*)::int as n from sessions where user_id = $1`, [u])).rows[0].n).toBe(5);
  });

  it('deletes development outbox messages older than 30 days', async () => {
    const oldMail = uuidv7();
    const newMail = uuidv7();
    await q(
      `insert into dev_mail (id, "to", subject, text, html, created_at)
       values ($1, 'a@example.com', 'old', 't', 'h', $3), ($2, 'a@example.com', 'new', 't', 'h', $4)`,
      [oldMail, newMail, ago(31), ago(29)],
    );
    await t.app.retention.runRetention(moved);
    const ids = (await q(`select id from dev_mail where id = any($1)`, [[oldMail, newMail]])).rows;
    expect(ids).toEqual([{ id: newMail }]);
  });

  it('runs once a day on the shared job queue', async () => {
    const { rows } = await q(`select name, cron from pgboss.schedule where name = 'privacy.retention'`);
    expect(rows).toEqual([{ name: 'privacy.retention', cron: '30 3 * * *' }]);
  });
});
