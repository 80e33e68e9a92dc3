import { randomBytes } from 'node:crypto';
import type { QueryResultRow } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/lib/ids.js';
import { bearer, createTestApp, device, PASSWORD, register, type TestApp } from './helpers.js';

/**
 * Closing an account (issue 34): one closure however many requests arrive together, cancelled by signing in or
 * by DELETE, and after the 14-day cool-off the learner's personal data erased in one transaction: afterwards only
 * the kept tax documents name them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REGISTER_MAX_PER_HOUR: '500', SELLER_TAX_ID: '0105553000016' });
});
afterAll(() => t.close());

const DAY = 86_400_000;
const inCoolOff = () => new Date(Date.now() + 13 * DAY);
const afterCoolOff = () => new Date(Date.now() + 15 * DAY);
const q = <R extends object = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  t.db.$client.query<R & QueryResultRow>(text, values).then((r) => r.rows);
const close = (token: string, payload: object = { password: PASSWORD }) =>
  t.app.inject({ method: 'POST', url: '/api/users/account-closure', headers: bearer(token), payload });
const me = (token: string) => t.app.inject({ url: '/api/auth', headers: bearer(token) });
const login = (email: string, password = PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/auth', payload: { email, password, device: device() } });

/** Waits until the mail queue holds nothing unsent, then answers the subjects delivered to `to`. */
async function mailsTo(to: string) {
  for (let waited = 0; ; waited += 50) {
    const [row] = await q<{ pending: number }>(
      `select count(*)::int as pending from pgboss.job where name = 'mail.send' and state in ('created', 'retry', 'active')`,
    );
    if (row?.pending === 0) break;
    if (waited > 30_000) throw new Error('the mail queue did not drain');
    await new Promise((r) => setTimeout(r, 50));
  }
  return (await q<{ subject: string }>(`select subject from dev_mail where "to" = $1`, [to])).map(
    (m) => m.subject,
  );
}

describe('requesting the closure', () => {
  it('20 requests at once open one closure with one data request and one mail, and end every session', async () => {
    const u = await register(t.app);
    const other = await login(u.email);
    expect(other.statusCode, other.body).toBe(200);
    const answers = await Promise.all(Array.from({ length: 20 }, () => close(u.access_token)));
    const ok = answers.filter((a) => a.statusCode === 200);
    // Beyond the password limit (10 at a time) the rest are told to wait; none opens a second closure.
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 429)).toBe(true);
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((a) => a.json().dueAt)).size).toBe(1);
    const closures = await q<{ request_id: string; days: number }>(
      `select request_id, extract(epoch from due_at - requested_at) / 86400 as days
         from account_closures where user_id = $1`,
      [u.user.id],
    );
    expect(closures).toHaveLength(1);
    expect(Number(closures[0]!.days)).toBe(14);
    const requests = await q(
      `select id, kind, source, status, requester_email, round(extract(epoch from due_at - received_at) / 86400) as days
         from data_requests where user_id = $1`,
      [u.user.id],
    );
    expect(requests).toEqual([
      {
        id: closures[0]!.request_id,
        kind: 'erasure',
        source: 'learner',
        status: 'in_progress',
        requester_email: u.email,
        days: '30',
      },
    ]);
    expect((await mailsTo(u.email)).filter((s) => s.includes('ขอปิดบัญชี'))).toHaveLength(1);
    expect((await me(u.access_token)).statusCode).toBe(401);
    expect((await me(other.json().access_token)).statusCode).toBe(401);
  });

  it('a wrong password changes nothing; an account without one confirms with its own address', async () => {
    const u = await register(t.app);
    const wrong = await close(u.access_token, { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', details: [{ path: 'password' }] });
    expect(await q(`select 1 from account_closures where user_id = $1`, [u.user.id])).toHaveLength(0);
    expect((await me(u.access_token)).statusCode).toBe(200);

    // Signed up with a provider: no password to give.
    await q(`update users set password_hash = null where id = $1`, [u.user.id]);
    expect((await close(u.access_token, { password: PASSWORD })).json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'email' }],
    });
    expect((await close(u.access_token, { email: 'someone.else@example.com' })).statusCode).toBe(400);
    expect(await q(`select 1 from account_closures where user_id = $1`, [u.user.id])).toHaveLength(0);
    const done = await close(u.access_token, { email: u.email.toUpperCase() });
    expect(done.statusCode, done.body).toBe(200);
  });
});

describe('cancelling during the cool-off', () => {
  it('signing in cancels the closure, the answer says so, a mail tells it, and the erasure leaves the account', async () => {
    const u = await register(t.app);
    expect((await close(u.access_token)).statusCode).toBe(200);
    const back = await login(u.email);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().closure_cancelled).toBe(true);
    const [closure] = await q<{ cancelled_at: Date | null; status: string; resolution: string }>(
      `select c.cancelled_at, r.status, r.resolution
         from account_closures c join data_requests r on r.id = c.request_id where c.user_id = $1`,
      [u.user.id],
    );
    expect(closure).toMatchObject({
      cancelled_at: expect.any(Date),
      status: 'rejected',
      resolution: 'cancelled by the learner',
    });
    const token = back.json().access_token as string;
    const current = await t.app.inject({ url: '/api/users/account-closure', headers: bearer(token) });
    expect(current.json()).toEqual({ closure: null });
    expect((await mailsTo(u.email)).filter((s) => s.includes('ยกเลิกการปิดบัญชี'))).toHaveLength(1);
    // The next sign-in has nothing to cancel.
    expect((await login(u.email)).json().closure_cancelled).toBeUndefined();
    expect(await t.app.erasure.erase(u.user.id, afterCoolOff())).toBe(false);
    expect((await me(token)).json()).toMatchObject({ email: u.email });
  });

  it('DELETE cancels the open closure; with none open it is 404', async () => {
    const u = await register(t.app);
    // A closure ends every session, so one still signed in only exists this way (as an old client might hold).
    await q(
      `insert into account_closures (id, user_id, due_at) values ($1, $2, now() + interval '14 days')`,
      [uuidv7(), u.user.id],
    );
    const url = '/api/users/account-closure';
    const open = await t.app.inject({ url, headers: bearer(u.access_token) });
    expect(open.json().closure).toMatchObject({ dueAt: expect.any(String), requestedAt: expect.any(String) });
    const cancel = () => t.app.inject({ method: 'DELETE', url, headers: bearer(u.access_token) });
    expect((await cancel()).statusCode).toBe(200);
    expect((await t.app.inject({ url, headers: bearer(u.access_token) })).json()).toEqual({ closure: null });
    expect((await cancel()).statusCode).toBe(404);
    expect(await t.app.erasure.erase(u.user.id, afterCoolOff())).toBe(false);
  });
});

/** A learner with something in every corner: names, phone, contact, application, photo, order, tax invoice. */
async function busyLearner(tag: string) {
  const names = { firstName: `ปิดบัญชี${tag}`, lastName: `ลบข้อมูล${tag}` };
  const phone = `08${String(parseInt(randomBytes(4).toString('hex'), 16) % 100_000_000).padStart(8, '0')}`;
  const u = await register(t.app, { ...names, phone });
  const h = bearer(u.access_token);
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: h, payload });
  const contact = await post('/api/contact/create-contact', {
    phone,
    organization: 'โรงพยาบาลทดสอบ',
    position: 'พยาบาล',
    province: 'TH-10',
    consent: true,
  });
  expect(contact.statusCode, contact.body).toBe(201);
  const applied = await post('/api/next-instructor-form', {
    name: `${names.firstName} ${names.lastName}`,
    email: u.email,
    phone,
    topic: 'การพยาบาล',
  });
  expect(applied.statusCode, applied.body).toBe(201);
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const photo = await t.app.inject({
    method: 'POST',
    url: `/api/users/${u.user.id}/profile-image`,
    headers: { ...h, 'content-type': 'image/png' },
    payload: png,
  });
  expect(photo.statusCode, photo.body).toBe(200);
  const order = await post('/api/checkout/orders', { plan: 'monthly' });
  expect(order.statusCode, order.body).toBe(201);
  const card = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: names.firstName };
  const paid = await post(`/api/checkout/sandbox/${order.json().order.id}/card`, card);
  expect(paid.statusCode, paid.body).toBe(200);
  const invoice = await post(`/api/my-receipts/${paid.json().receiptNumber}/tax-invoice`, {
    name: `${names.firstName} ${names.lastName}`,
    address: '2 ถนนวังหลัง แขวงศิริราช เขตบางกอกน้อย กรุงเทพมหานคร 10700',
    taxId: '0994000161531',
    branch: 'head_office',
  });
  expect(invoice.statusCode, invoice.body).toBe(201);
  const course = uuidv7();
  await q(`insert into courses (id, slug, title, status) values ($1, $2, 'คอร์ส', 'published')`, [
    course,
    `closure-${course}`,
  ]);
  const code = `CLOSE${tag.toUpperCase()}`;
  const pdfKey = `certificates/${code}.pdf`;
  await t.app.storage.put(pdfKey, 'a PDF with the name on it');
  await q(
    `insert into certificates (id, user_id, course_id, code, learner_name, course_title, pdf_key, status_list, status_index)
     values ($1, $2, $3, $4, $5, 'คอร์ส', $6, 1, $7)`,
    [uuidv7(), u.user.id, course, code, `${names.firstName} ${names.lastName}`, pdfKey, 1000 + tag.length],
  );
  // What the console wrote about the learner (an administrator's edit of the profile).
  await q(
    `insert into audit_log (id, action, entity, entity_id, before, after) values ($1, 'user.update', 'user', $2, $3, $4)`,
    [
      uuidv7(),
      u.user.id,
      { email: u.email, firstName: names.firstName, tags: [] },
      { email: u.email, firstName: names.firstName, tags: ['vip'] },
    ],
  );
  const photoKey = `profile/${String(photo.json().profile_image).split('/').pop()}`;
  return { ...u, ...names, phone, code, pdfKey, photoKey };
}

/** Every text, jsonb and array column of every table (all schemas) that holds one of the needles. */
async function holders(needles: Record<string, string>) {
  const columns = await q<{ schema: string; table: string; column: string }>(
    `select c.table_schema as schema, c.table_name as table, c.column_name as column
       from information_schema.columns c join information_schema.tables t
         on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema not in ('pg_catalog', 'information_schema')
        and (c.data_type in ('text', 'character varying', 'character', 'jsonb', 'json')
             or (c.data_type = 'ARRAY' and c.udt_name in ('_text', '_varchar')))`,
  );
  expect(columns.length).toBeGreaterThan(100);
  const found: string[] = [];
  for (const c of columns) {
    const where = `"${c.schema}"."${c.table}"`;
    for (const [label, needle] of Object.entries(needles)) {
      const [row] = await q<{ n: number }>(
        `select count(*)::int as n from ${where} where strpos(lower("${c.column}"::text), lower($1)) > 0`,
        [needle],
      );
      if (row?.n) found.push(`${c.schema}.${c.table}.${c.column}: ${label}`);
    }
  }
  return found;
}

describe('the erasure after the cool-off', () => {
  it('leaves the learner only in the kept tax documents, and touches nobody else', async () => {
    const tag = randomBytes(3).toString('hex');
    const a = await busyLearner(tag);
    // Another learner whose names share nothing with the first's (hex tags never hold an x).
    const b = await busyLearner(`x${randomBytes(3).toString('hex')}`);
    expect((await close(a.access_token)).statusCode).toBe(200);
    await mailsTo(a.email);
    expect(await t.app.erasure.erase(a.user.id, inCoolOff())).toBe(false);
    // The scheduled job's method, with the clock moved past the cool-off (it also erases earlier tests' learners).
    expect(await t.app.erasure.eraseDue(afterCoolOff())).toBeGreaterThanOrEqual(1);

    const needles = { email: a.email, firstName: a.firstName, lastName: a.lastName, phone: a.phone };
    // The full tax invoice keeps its buyer (the Revenue Code: five years); nothing else names the learner.
    expect((await holders(needles)).sort()).toEqual([
      'public.tax_invoices.buyer: firstName',
      'public.tax_invoices.buyer: lastName',
    ]);
    const [user] = await q(`select email, erased_at, deleted_at, password_hash from users where id = $1`, [
      a.user.id,
    ]);
    expect(user).toMatchObject({
      email: `erased-${a.user.id}@invalid`,
      erased_at: expect.any(Date),
      deleted_at: expect.any(Date),
      password_hash: null,
    });
    expect((await me(a.access_token)).statusCode).toBe(401);
    expect((await login(a.email)).statusCode).toBe(401);
    expect(await q(`select 1 from sessions where user_id = $1`, [a.user.id])).toHaveLength(0);
    expect(await q(`select status from data_requests where user_id = $1`, [a.user.id])).toEqual([
      { status: 'done' },
    ]);
    // Kept for the counts: the receipt's number and amounts, the order, the certificate without its holder.
    expect(await q(`select buyer_name, buyer_email from receipts where user_id = $1`, [a.user.id])).toEqual([
      { buyer_name: '', buyer_email: '' },
    ]);
    const verify = await t.app.inject({ url: `/api/certificates/verify/${a.code}` });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json()).toMatchObject({ status: 'removed', learnerName: '' });
    expect(await t.app.storage.stat(a.pdfKey)).toBeUndefined();
    expect(await t.app.storage.stat(a.photoKey)).toBeUndefined();

    // The other learner: still all there.
    expect((await me(b.access_token)).json()).toMatchObject({ email: b.email, firstName: b.firstName });
    expect((await holders({ phone: b.phone })).sort()).toEqual([
      'public.contacts.phone: phone',
      'public.instructor_applications.phone: phone',
      'public.users.phone: phone',
    ]);
    expect((await t.app.inject({ url: `/api/certificates/verify/${b.code}` })).json()).toMatchObject({
      status: 'valid',
      learnerName: `${b.firstName} ${b.lastName}`,
    });
    expect(await t.app.storage.stat(b.photoKey)).toBeDefined();

    // A second run finds nothing to do.
    expect(await t.app.erasure.eraseDue(afterCoolOff())).toBe(0);
    expect(await t.app.erasure.erase(a.user.id, afterCoolOff())).toBe(false);
  });

  it('is all or nothing: a statement that fails leaves every row as it was, and the next run erases', async () => {
    const u = await register(t.app, { phone: '0899999999' });
    await t.app.inject({
      method: 'POST',
      url: '/api/contact/create-contact',
      headers: bearer(u.access_token),
      payload: {
        phone: '0899999999',
        organization: 'ร้าน',
        position: 'เจ้าของ',
        province: 'TH-10',
        consent: true,
      },
    });
    expect((await close(u.access_token)).statusCode).toBe(200);
    // The last statement of the erasure (the users row) fails.
    await q(`create function refuse_erasure() returns trigger language plpgsql as $$
             begin raise exception 'refused for the test'; end $$`);
    await q(`create trigger refuse_erasure before update of erased_at on users for each row
             when (new.erased_at is not null) execute function refuse_erasure()`);
    try {
      await expect(t.app.erasure.erase(u.user.id, afterCoolOff())).rejects.toThrow();
      // The job logs it and goes on; the closure stays due for its next run.
      await t.app.erasure.eraseDue(afterCoolOff());
    } finally {
      await q(`drop trigger refuse_erasure on users; drop function refuse_erasure()`);
    }
    expect(await q(`select phone from contacts where user_id = $1`, [u.user.id])).toEqual([
      { phone: '0899999999' },
    ]);
    expect(await q(`select erased_at from account_closures where user_id = $1`, [u.user.id])).toEqual([
      { erased_at: null },
    ]);
    expect(await q(`select email from users where id = $1`, [u.user.id])).toEqual([{ email: u.email }]);
    expect(await t.app.erasure.erase(u.user.id, afterCoolOff())).toBe(true);
    expect(await q(`select 1 from contacts where user_id = $1`, [u.user.id])).toHaveLength(0);
  });
});
