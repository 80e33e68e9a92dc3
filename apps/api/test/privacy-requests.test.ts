import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/lib/ids.js';
import { adminUser } from './admin-fixture.js';
import { bearer, createTestApp, register, uniqueEmail, type TestApp } from './helpers.js';
import { latestMail } from './mail-helpers.js';

/** The PDPA data-request queue: learners' corrections and objections, staff entries, 30 days, audited. */
let t: TestApp;
let admin: { token: string; id: string };

type Method = 'GET' | 'POST' | 'PATCH';
const as = (token: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), payload: payload as object });
const adminApi = (method: Method, url: string, payload?: unknown) =>
  as(admin.token, method, `/api/admin/data-requests${url}`, payload);
const enter = async (body: Record<string, unknown>) => {
  const res = await adminApi('POST', '', { kind: 'correction', details: 'ชื่อสะกดผิด', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const DAY = 86_400_000;
/** A Bangkok day `days` before today by the database's clock. */
const bangkokDay = async (days: number) =>
  (
    await t.db.$client.query<{ d: string }>(
      `select to_char((now() at time zone 'Asia/Bangkok')::date - $1::int, 'YYYY-MM-DD') as d`,
      [days],
    )
  ).rows[0]!.d;
const auditOf = async (id: string) =>
  (
    await t.db.$client.query(
      `select action, actor_id, before, after from audit_log where entity = 'data_request' and entity_id = $1
        order by at, id`,
      [id],
    )
  ).rows;
const count = async () =>
  Number((await t.db.$client.query(`select count(*) from data_requests`)).rows[0].count);

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminUser(t);
});
afterAll(() => t?.close());

describe('the console queue is for administrators only', () => {
  it('answers 401 without a session and 403 to a learner on every admin endpoint, changing nothing', async () => {
    const learner = await register(t.app);
    const id = uuidv7();
    const calls: [Method, string, unknown?][] = [
      ['GET', '/api/admin/data-requests'],
      ['GET', `/api/admin/data-requests/${id}`],
      ['POST', '/api/admin/data-requests', { kind: 'access', requesterEmail: 'a@example.com', details: 'x' }],
      ['PATCH', `/api/admin/data-requests/${id}`, { status: 'done', resolution: 'ok' }],
    ];
    const before = await count();
    for (const [method, url, payload] of calls) {
      const anon = await t.app.inject({ method, url, payload: payload as object });
      expect(anon.statusCode, `${method} ${url}`).toBe(401);
      expect((await as(learner.access_token, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await count()).toBe(before);
  });
});

describe('staff enter a request', () => {
  it('is due 30 days after it was received (now by default), links the account with that e-mail, audited', async () => {
    const learner = await register(t.app);
    const made = await enter({ kind: 'access', requesterEmail: `  ${learner.email.toUpperCase()} ` });
    expect(made).toMatchObject({
      kind: 'access',
      source: 'staff',
      status: 'open',
      requesterEmail: learner.email,
      user: { id: learner.user.id, email: learner.email },
      overdue: false,
      closedAt: null,
    });
    const { rows } = await t.db.$client.query(
      `select received_at, due_at, now() as now from data_requests where id = $1`,
      [made.id],
    );
    expect(Math.abs(rows[0].received_at - rows[0].now)).toBeLessThan(60_000);
    expect(rows[0].due_at - rows[0].received_at).toBe(30 * DAY);
    const audit = await auditOf(made.id);
    expect(audit).toMatchObject([
      { action: 'data_request.create', actor_id: admin.id, before: null, after: { status: 'open' } },
    ]);
    expect(made.history).toMatchObject([{ action: 'data_request.create', actor: { id: admin.id } }]);
  });

  it('takes the day it was received (Bangkok midnight) and counts 30 days from it; no account: no link', async () => {
    const day = await bangkokDay(3);
    const made = await enter({ requesterEmail: uniqueEmail('nobody'), receivedOn: day });
    expect(made.user).toBeNull();
    expect(made.receivedAt).toBe(new Date(`${day}T00:00:00+07:00`).toISOString());
    expect(Date.parse(made.dueAt) - Date.parse(made.receivedAt)).toBe(30 * DAY);
  });

  it('refuses a day received in the future or over a year ago, bad kinds and e-mails (400, nothing saved)', async () => {
    const before = await count();
    const tomorrow = await bangkokDay(-1);
    const cases: [Record<string, unknown>, string][] = [
      [{ receivedOn: tomorrow }, 'receivedOn'],
      [{ receivedOn: await bangkokDay(400) }, 'receivedOn'],
      [{ receivedOn: '2026-02-30' }, 'receivedOn'],
      [{ kind: 'deletion' }, 'kind'],
      [{ requesterEmail: 'not-an-email' }, 'requesterEmail'],
      [{ details: '   ' }, 'details'],
      [{ details: 'x'.repeat(2001) }, 'details'],
    ];
    for (const [change, path] of cases) {
      const res = await adminApi('POST', '', {
        kind: 'objection',
        requesterEmail: uniqueEmail(),
        details: 'ขอให้หยุดส่งอีเมลการตลาด',
        ...change,
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect(await count()).toBe(before);
  });
});

describe('working a request through', () => {
  it('moves to in progress, closes only with a resolution, stamps the close, and audits each action', async () => {
    const made = await enter({ requesterEmail: uniqueEmail() });
    const started = await adminApi('PATCH', `/${made.id}`, { status: 'in_progress' });
    expect(started.json()).toMatchObject({ status: 'in_progress', closedAt: null });
    const bare = await adminApi('PATCH', `/${made.id}`, { status: 'done', resolution: '  ' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().details).toEqual([expect.objectContaining({ path: 'resolution' })]);
    const done = await adminApi('PATCH', `/${made.id}`, { status: 'done', resolution: 'แก้ชื่อแล้ว' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'done', resolution: 'แก้ชื่อแล้ว' });
    expect(done.json().closedAt).not.toBeNull();
    expect(await auditOf(made.id)).toMatchObject([
      { action: 'data_request.create' },
      { action: 'data_request.update', before: { status: 'open' }, after: { status: 'in_progress' } },
      {
        action: 'data_request.close',
        actor_id: admin.id,
        before: { status: 'in_progress', closedAt: null },
        after: { status: 'done', resolution: 'แก้ชื่อแล้ว' },
      },
    ]);
    const read = (await adminApi('GET', `/${made.id}`)).json();
    expect(read.history.map((h: { action: string }) => h.action)).toEqual([
      'data_request.create',
      'data_request.update',
      'data_request.close',
    ]);
  });

  it('keeps a closed request closed (409 REQUEST_CLOSED, nothing changed or recorded)', async () => {
    const made = await enter({ requesterEmail: uniqueEmail() });
    await adminApi('PATCH', `/${made.id}`, { status: 'rejected', resolution: 'ไม่ใช่ผู้ถือข้อมูล' });
    const audited = (await auditOf(made.id)).length;
    for (const body of [{ status: 'open' }, { status: 'done', resolution: 'เปลี่ยนใจ' }]) {
      const res = await adminApi('PATCH', `/${made.id}`, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('REQUEST_CLOSED');
    }
    expect((await adminApi('GET', `/${made.id}`)).json()).toMatchObject({
      status: 'rejected',
      resolution: 'ไม่ใช่ผู้ถือข้อมูล',
    });
    expect(await auditOf(made.id)).toHaveLength(audited);
  });

  it('closes once when 20 administrators close it at the same moment', async () => {
    const made = await enter({ requesterEmail: uniqueEmail() });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        adminApi('PATCH', `/${made.id}`, { status: 'done', resolution: `ตอบแล้ว ${i}` }),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const closes = (await auditOf(made.id)).filter((a) => a.action === 'data_request.close');
    expect(closes).toHaveLength(1);
  });

  it('tells the requester the outcome by mail once closed: Thai, or English for an English-speaking learner', async () => {
    const email = uniqueEmail('asker');
    const made = await enter({ kind: 'objection', requesterEmail: email });
    await adminApi('PATCH', `/${made.id}`, { status: 'in_progress' });
    await adminApi('PATCH', `/${made.id}`, { status: 'rejected', resolution: 'ใช้ข้อมูลตามสัญญา จึงหยุดไม่ได้' });
    const th = await latestMail(t, email);
    expect(th.subject).toBe('ผลการพิจารณาคำขอเกี่ยวกับข้อมูลส่วนบุคคลของคุณ');
    expect(th.text).toContain('ใช้ข้อมูลตามสัญญา จึงหยุดไม่ได้');
    expect(th.text).toContain('คัดค้านการใช้ข้อมูล');
    const learner = await register(t.app);
    await t.db.$client.query(`update users set locale = 'en', first_name = 'Ann' where id = $1`, [
      learner.user.id,
    ]);
    const theirs = await enter({ kind: 'correction', requesterEmail: learner.email });
    await adminApi('PATCH', `/${theirs.id}`, { status: 'done', resolution: 'Surname corrected' });
    const en = await latestMail(t, learner.email, 30_000, /request/);
    expect(en.subject).toBe('Your personal data request is done');
    expect(en.text).toContain('Hello Ann,');
    expect(en.text).toContain('Surname corrected');
  });

  it('answers 404 for a request that is not there', async () => {
    expect((await adminApi('GET', `/${uuidv7()}`)).statusCode).toBe(404);
    const res = await adminApi('PATCH', `/${uuidv7()}`, { status: 'in_progress' });
    expect(res.statusCode).toBe(404);
  });
});

describe('the queue', () => {
  it('lists soonest due first; overdue means still open past its due day; filters by status, kind, overdue', async () => {
    const tag = uniqueEmail('queue');
    const late = await enter({ kind: 'objection', requesterEmail: tag, receivedOn: await bangkokDay(31) });
    const soon = await enter({ kind: 'objection', requesterEmail: tag, receivedOn: await bangkokDay(20) });
    const fresh = await enter({ kind: 'correction', requesterEmail: tag });
    const lateClosed = await enter({
      kind: 'objection',
      requesterEmail: tag,
      receivedOn: await bangkokDay(40),
    });
    await adminApi('PATCH', `/${lateClosed.id}`, { status: 'done', resolution: 'หยุดส่งแล้ว' });
    const ids = async (qs: string) =>
      (await adminApi('GET', `?q=${encodeURIComponent(tag)}&${qs}`))
        .json()
        .items.map((r: { id: string }) => r.id);
    expect(await ids('')).toEqual([lateClosed.id, late.id, soon.id, fresh.id]);
    expect(await ids('order=desc')).toEqual([fresh.id, soon.id, late.id, lateClosed.id]);
    expect(await ids('overdue=true')).toEqual([late.id]);
    expect(await ids('overdue=false')).toEqual([lateClosed.id, soon.id, fresh.id]);
    expect(await ids('status=done')).toEqual([lateClosed.id]);
    expect(await ids('kind=correction')).toEqual([fresh.id]);
    expect(await ids('status=open&kind=objection')).toEqual([late.id, soon.id]);
    const first = (await adminApi('GET', `?q=${encodeURIComponent(tag)}&pageSize=1`)).json();
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 1 });
    expect(first.items[0]).toMatchObject({ id: lateClosed.id, overdue: false });
    const bad = await adminApi('GET', '?overdue=maybe');
    expect(bad.statusCode).toBe(400);
  });

  it('turns a request overdue when the database clock passes its due time', async () => {
    const made = await enter({ requesterEmail: uniqueEmail(), receivedOn: await bangkokDay(29) });
    expect((await adminApi('GET', `/${made.id}`)).json().overdue).toBe(false);
    // The database's clock moved past the due time: the request's due time moved back instead (one row).
    await t.db.$client.query(`update data_requests set due_at = now() - interval '1 second' where id = $1`, [
      made.id,
    ]);
    expect((await adminApi('GET', `/${made.id}`)).json().overdue).toBe(true);
  });
});

describe("a learner's own requests", () => {
  it('files a correction or objection and lists only their own, access and erasure rows included', async () => {
    const me = await register(t.app);
    const other = await register(t.app);
    const file = (token: string, body: unknown) => as(token, 'POST', '/api/users/data-requests', body);
    const filed = await file(me.access_token, { kind: 'correction', details: '  นามสกุลผิด  ' });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json()).toMatchObject({ kind: 'correction', status: 'open', details: 'นามสกุลผิด' });
    expect(Date.parse(filed.json().dueAt) - Date.parse(filed.json().receivedAt)).toBe(30 * DAY);
    await file(other.access_token, { kind: 'objection', details: 'ไม่ต้องการรับโฆษณา' });
    // An access request, as the data export files it.
    const access = uuidv7();
    await t.db.$client.query(
      `insert into data_requests (id, user_id, requester_email, kind, source, status, received_at, due_at)
       values ($1, $2, $3, 'access', 'learner', 'done', now() - interval '1 day', now() + interval '29 days')`,
      [access, me.user.id, me.email],
    );
    const mine = (await as(me.access_token, 'GET', '/api/users/data-requests')).json();
    expect(mine.items.map((r: { id: string }) => r.id)).toEqual([filed.json().id, access]);
    const theirs = (await as(other.access_token, 'GET', '/api/users/data-requests')).json();
    expect(theirs.items).toHaveLength(1);
    expect(theirs.items[0]).toMatchObject({ kind: 'objection' });
    // The console sees it under the learner's account and e-mail.
    const queued = (await adminApi('GET', `/${filed.json().id}`)).json();
    expect(queued).toMatchObject({ source: 'learner', requesterEmail: me.email, user: { id: me.user.id } });
  });

  it('refuses other kinds, empty or too long details (400, nothing saved), and anonymous callers (401)', async () => {
    const me = await register(t.app);
    const before = await count();
    for (const body of [
      { kind: 'access', details: 'ขอข้อมูล' },
      { kind: 'erasure', details: 'ลบบัญชี' },
      { kind: 'correction', details: '' },
      { kind: 'correction', details: '\u200b ' },
      { kind: 'objection', details: 'ก'.repeat(2001) },
      { kind: 'objection' },
    ]) {
      const res = await as(me.access_token, 'POST', '/api/users/data-requests', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/users/data-requests',
      payload: { kind: 'correction', details: 'x' },
    });
    expect(anon.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/data-requests' })).statusCode).toBe(401);
    expect(await count()).toBe(before);
  });
});
