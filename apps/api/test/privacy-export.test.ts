import { eq } from 'drizzle-orm';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assessmentAttempts,
  certificates,
  consentEvents,
  contacts,
  courseEvaluations,
  episodeProgress,
  users,
} from '../src/db/schema.js';
import { uuidv7 } from '../src/lib/ids.js';
import { DataExportService, exportKinds, userColumns } from '../src/modules/privacy/index.js';
import type { TableKind } from '../src/modules/privacy/export-kinds.js';
import { addAssessment, MIXED, seedCatalogue } from './courses-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';
import { startSmtpPeer } from './smtp-peer.js';

/** "Download my data" (issue 34): the ZIP, its completeness against the schema, one at a time, expiry. */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let cat: Awaited<ReturnType<typeof seedCatalogue>>;
let quiz: Awaited<ReturnType<typeof addAssessment>>;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Rianroo <no-reply@rianroo.test>' });
  cat = await seedCatalogue(t);
  quiz = await addAssessment(t, { courseId: cat.paid, kind: 'post_test' }, MIXED);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type H = Record<string, string>;
const call = (h: H, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: h, ...(payload ? { payload } : {}) });
/** A PNG as far as the photo upload checks (its signature), with a marker to find it again. */
const PHOTO = Buffer.concat([
  Buffer.from('89504e470d0a1a0a', 'hex'),
  Buffer.from('photo-bytes-of-the-learner'),
]);
const CARD = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'สมชาย ใจดี' };
const BUYER = {
  name: 'โรงพยาบาลตัวอย่าง',
  address: '2 ถนนวังหลัง กรุงเทพมหานคร 10700',
  taxId: '0994000161531',
  branch: 'head_office',
};

/** A learner with rows in many kinds: photo, contact, progress, an attempt, an evaluation, a certificate, a paid order with receipt and tax invoice, a consent. */
async function learnerWithData(firstName: string) {
  const u = await register(t.app, { firstName, lastName: 'ข้อมูลครบ' });
  const h = bearer(u.access_token);
  const id = u.user.id;
  const photo = await t.app.inject({
    method: 'POST',
    url: `/api/users/${id}/profile-image`,
    headers: { ...h, 'content-type': 'image/png' },
    payload: PHOTO,
  });
  expect(photo.statusCode, photo.body).toBe(200);
  const opened = await call(h, 'POST', '/api/checkout/orders', { plan: 'monthly' });
  expect(opened.statusCode, opened.body).toBe(201);
  const paid = await call(h, 'POST', `/api/checkout/sandbox/${opened.json().order.id}/card`, CARD);
  expect(paid.statusCode, paid.body).toBe(200);
  const receipt = paid.json().receiptNumber as string;
  const invoice = await call(h, 'POST', `/api/my-receipts/${receipt}/tax-invoice`, BUYER);
  expect(invoice.statusCode, invoice.body).toBeLessThan(300);
  await t.db.insert(contacts).values({
    id: uuidv7(),
    userId: id,
    phone: '0812345678',
    organization: `โรงพยาบาล, "${firstName}"`,
    position: '=พยาบาล',
    province: 'TH-10',
    consentedAt: new Date(),
  });
  const [episode] = cat.paidEpisodes;
  await t.db.insert(episodeProgress).values({
    userId: id,
    episodeId: episode!.id,
    courseId: cat.paid,
    lastSecond: 42,
    completionPercentage: 70,
    played: '{[0,42)}',
  });
  await t.db.insert(assessmentAttempts).values({
    id: uuidv7(),
    assessmentId: quiz.id,
    userId: id,
    number: 1,
    questionOrder: quiz.questions.map((q) => q.id),
    answers: { [quiz.questions[0]!.id]: quiz.questions[0]!.right },
  });
  await t.db.insert(courseEvaluations).values({
    id: uuidv7(),
    userId: id,
    courseId: cat.paid,
    answers: [{ questionId: uuidv7(), text: `ดีมาก ${firstName}` }],
  });
  const code = `EXP${uuidv7().replaceAll('-', '').slice(-10).toUpperCase()}`;
  await t.db.insert(certificates).values({
    id: uuidv7(),
    userId: id,
    courseId: cat.paid,
    code,
    learnerName: `${firstName} ข้อมูลครบ`,
    courseTitle: 'ลงทุนหุ้นเบื้องต้น',
  });
  await t.db
    .insert(consentEvents)
    .values({ id: uuidv7(), userId: id, purpose: 'news', granted: true, source: 'account' });
  return { ...u, h, id, code, receipt };
}

/** Waits (polling, bounded) until the learner's latest export leaves pending, and answers it. */
async function whenBuilt(h: H) {
  const until = Date.now() + 30_000;
  for (;;) {
    const latest = (await call(h, 'GET', '/api/users/data-export')).json().export;
    if (latest && latest.status !== 'pending') return latest;
    if (Date.now() > until) throw new Error('the export was not built in 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
/** Rows as JSON has them (dates as ISO strings). */
const plain = (rows: unknown) => JSON.parse(JSON.stringify(rows)) as Record<string, unknown>[];
const byJson = (a: unknown, b: unknown) => JSON.stringify(a).localeCompare(JSON.stringify(b));
/** Columns that move on after the ZIP is made (the export's own row, its request, a session's last use). */
const MOVING: Record<string, string[]> = {
  data_exports: ['status', 'readyAt', 'expiresAt', 'storageKey', 'sizeBytes'],
  data_requests: ['status', 'resolution', 'closedAt', 'updatedAt'],
  sessions: ['lastUsedAt', 'expiresAt'],
};

/** The export service on the test app's database and storage, to call its jobs' work directly. */
const service = () =>
  new DataExportService({
    db: t.db,
    config: t.config,
    storage: t.app.storage,
    mail: t.app.mail,
    jobs: t.app.jobs,
    limiter: t.app.limiter,
    log: t.app.log,
    documents: {
      certificatePdf: () => Promise.reject(new Error('unused')),
      taxDocumentPdf: () => Promise.reject(new Error('unused')),
    },
  });

describe('completeness, from the database schema', () => {
  it('names every column that refers to a learner (directly or through their sessions and orders) as exported or excluded with a reason', async () => {
    const { rows: direct } = await t.db.$client.query<{ col: string; tbl: string }>(`
      select kcu.table_name as tbl, kcu.table_name || '.' || kcu.column_name as col
        from information_schema.table_constraints tc
        join information_schema.key_column_usage kcu
          on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
        join information_schema.constraint_column_usage ccu
          on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
       where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public' and ccu.table_name = 'users'
      union
      select table_name, table_name || '.' || column_name from information_schema.columns
       where table_schema = 'public' and column_name ~ '(^|_)user_?id$'
      union select 'users', 'users.id'`);
    const learnerTables = [...new Set(direct.map((r) => r.tbl))];
    // A table with no user column whose rows belong to a learner's row (a session's tokens, an order's events).
    const { rows: indirect } = await t.db.$client.query<{ col: string }>(
      `select kcu.table_name || '.' || kcu.column_name as col
         from information_schema.table_constraints tc
         join information_schema.key_column_usage kcu
           on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
         join information_schema.constraint_column_usage ccu
           on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
        where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public'
          and ccu.table_name = any($1) and ccu.table_name <> 'users' and not (kcu.table_name = any($1))`,
      [learnerTables],
    );
    const found = [...new Set([...direct, ...indirect].map((r) => r.col))].sort();
    const forgotten = found.filter((c) => !(c in userColumns));
    expect(forgotten, 'columns naming a learner that are neither exported nor excluded').toEqual([]);
    const stale = Object.keys(userColumns).filter((c) => !found.includes(c));
    expect(stale, 'entries of userColumns the schema no longer has').toEqual([]);
    const kinds = new Set(exportKinds.map((k) => k.name));
    for (const [column, entry] of Object.entries(userColumns)) {
      if ('kind' in entry) expect(kinds.has(entry.kind), `${column} → ${entry.kind}`).toBe(true);
      else expect(entry.excluded.length, `${column} needs a reason`).toBeGreaterThan(10);
    }
  });
});

describe('download my data', () => {
  let me: Awaited<ReturnType<typeof learnerWithData>>;
  let other: Awaited<ReturnType<typeof learnerWithData>>;
  let files: Record<string, Uint8Array>;
  let built: { id: string; status: string; expiresAt: string };

  beforeAll(async () => {
    me = await learnerWithData('สมศรี');
    other = await learnerWithData('มานะ');
    // The other learner has an export too: nothing of it may show in mine.
    expect((await call(other.h, 'POST', '/api/users/data-export')).statusCode).toBe(202);
    const asked = await call(me.h, 'POST', '/api/users/data-export');
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({ status: 'pending', readyAt: null, expiresAt: null });
    built = await whenBuilt(me.h);
    await whenBuilt(other.h);
    const zip = await call(me.h, 'GET', `/api/users/data-export/${built.id}/download`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toMatch(
      /^attachment; filename="rianroo-data-\d{4}-\d\d-\d\d\.zip"$/,
    );
    files = unzipSync(new Uint8Array(zip.rawPayload));
  }, 120_000);

  it('is ready for 7 days after it was built, and its access request in the queue is done', async () => {
    expect(built.status).toBe('ready');
    const ready = (await call(me.h, 'GET', '/api/users/data-export')).json().export;
    expect(new Date(ready.expiresAt).getTime() - new Date(ready.readyAt).getTime()).toBe(7 * 86_400_000);
    const { rows } = await t.db.$client.query(
      `select r.kind, r.source, r.status, r.requester_email, r.closed_at is not null as closed,
              r.due_at - r.received_at as due
         from data_exports e join data_requests r on r.id = e.request_id where e.id = $1`,
      [built.id],
    );
    expect(rows).toEqual([
      {
        kind: 'access',
        source: 'learner',
        status: 'done',
        requester_email: me.email,
        closed: true,
        due: { days: 30 },
      },
    ]);
  });

  it("holds, per kind, a JSON whose rows equal the learner's rows in the database, and a CSV", async () => {
    for (const kind of exportKinds) {
      expect(files[`${kind.name}/${kind.name}.json`], kind.name).toBeDefined();
      const csv = text(files[`${kind.name}/${kind.name}.csv`]!);
      expect(csv.startsWith(`\uFEFF${kind.columns.join(',')}\r\n`), kind.name).toBe(true);
    }
    const tableKinds = exportKinds.filter((k): k is TableKind => 'table' in k);
    for (const kind of tableKinds) {
      const zipped = JSON.parse(text(files[`${kind.name}/${kind.name}.json`]!)) as Record<string, unknown>[];
      const db = plain(await t.db.select().from(kind.table).where(eq(kind.userColumn, me.id)));
      const strip = (rows: Record<string, unknown>[]) =>
        rows
          .map((r) => {
            const copy = { ...r };
            for (const c of [...kind.omit, ...(MOVING[kind.name] ?? [])]) delete copy[c];
            return copy;
          })
          .sort(byJson);
      expect(strip(zipped), kind.name).toEqual(strip(db));
      for (const secret of kind.omit) expect(Object.keys(zipped[0] ?? {}), kind.name).not.toContain(secret);
    }
    const must = [
      'progress',
      'attempts',
      'evaluations',
      'certificates',
      'orders',
      'receipts',
      'tax_invoices',
      'subscriptions',
      'contact_details',
      'consents',
      'sessions',
      'data_exports',
    ];
    for (const name of must) {
      expect(JSON.parse(text(files[`${name}/${name}.json`]!)).length, name).toBeGreaterThan(0);
    }
    const [profile] = JSON.parse(text(files['profile/profile.json']!));
    expect(profile).toMatchObject({ id: me.id, email: me.email, firstName: 'สมศรี' });
    expect(profile).not.toHaveProperty('passwordHash');
    expect(JSON.parse(text(files['mail_preferences/mail_preferences.json']!))).toEqual([
      { news: true, promotions: false, reminders: true },
    ]);
    // Quoting and a formula guard in the CSV: a comma, quotes, and a leading "=" the learner typed.
    expect(text(files['contact_details/contact_details.csv']!)).toContain(`"โรงพยาบาล, ""สมศรี""",'=พยาบาล`);
  });

  it("holds the learner's files (photo, certificate and tax invoice PDFs) and a README in Thai and English", () => {
    expect(Buffer.from(files['files/photo.png']!).equals(PHOTO)).toBe(true);
    expect(text(files[`files/certificates/${me.code}.pdf`]!.subarray(0, 5))).toBe('%PDF-');
    const invoice = Object.keys(files).find((n) => /^files\/tax-documents\/TI-[^/]+\.pdf$/.test(n));
    expect(invoice).toBeDefined();
    expect(text(files[invoice!]!.subarray(0, 5))).toBe('%PDF-');
    const readme = text(files['README.txt']!);
    expect(readme).toContain('ข้อมูลของคุณบน Rianroo');
    expect(readme).toContain('Your data on Rianroo');
    expect(readme).not.toContain('could not be found');
  });

  it("contains no other learner's data and no secret", async () => {
    const [hash] = await t.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, me.id));
    const { rows: tokens } = await t.db.$client.query<{ token_hash: string }>(
      `select r.token_hash from refresh_tokens r join sessions s on s.id = r.session_id where s.user_id = $1`,
      [me.id],
    );
    const secrets = [hash!.h!, ...tokens.map((r) => r.token_hash), me.refresh_token, me.access_token];
    for (const [name, bytes] of Object.entries(files)) {
      if (name.endsWith('.pdf') || name.endsWith('.png')) continue;
      const content = text(bytes);
      for (const foreign of [other.id, other.email, other.code, 'มานะ']) {
        expect(content.includes(foreign), `${foreign} in ${name}`).toBe(false);
      }
      for (const secret of secrets) expect(content.includes(secret), `a secret in ${name}`).toBe(false);
    }
    expect(Object.keys(files).some((n) => n.includes(other.code))).toBe(false);
  });

  it('is mailed to the learner with a link to the account page that carries no credential', async () => {
    const mail = await smtp.waitFor(me.email, /ข้อมูลของคุณพร้อมให้ดาวน์โหลดแล้ว/);
    expect(mail.text).toContain('http://rianroo.test/account#data-export');
    expect(mail.text).not.toContain('/download');
    expect(mail.text).not.toContain(built.id);
  });

  it('is refused to another learner (404), to anyone not signed in (401), and for an id that is not one (400)', async () => {
    const url = `/api/users/data-export/${built.id}/download`;
    expect((await call(other.h, 'GET', url)).statusCode).toBe(404);
    expect((await call({}, 'GET', url)).statusCode).toBe(401);
    expect((await call(me.h, 'GET', '/api/users/data-export/not-an-id/download')).statusCode).toBe(400);
    expect((await call(me.h, 'GET', `/api/users/data-export/${uuidv7()}/download`)).statusCode).toBe(404);
    expect((await call({}, 'POST', '/api/users/data-export')).statusCode).toBe(401);
  });

  it('is deleted when its 7 days are over (the clock moved), not before', async () => {
    const [row] = await t.db.$client
      .query<{ storage_key: string }>(`select storage_key from data_exports where id = $1`, [built.id])
      .then((r) => r.rows);
    expect(await t.app.storage.stat(row!.storage_key)).toBeDefined();
    await service().expireDue(new Date(Date.now() + 6 * 86_400_000));
    expect((await call(me.h, 'GET', `/api/users/data-export/${built.id}/download`)).statusCode).toBe(200);
    await service().expireDue(new Date(Date.now() + 8 * 86_400_000));
    expect(await t.app.storage.stat(row!.storage_key)).toBeUndefined();
    const after = (await call(me.h, 'GET', '/api/users/data-export')).json().export;
    expect(after).toMatchObject({ id: built.id, status: 'expired' });
    const { rows } = await t.db.$client.query(`select storage_key from data_exports where id = $1`, [
      built.id,
    ]);
    expect(rows).toEqual([{ storage_key: null }]);
    expect((await call(me.h, 'GET', `/api/users/data-export/${built.id}/download`)).statusCode).toBe(404);
  });
});

describe('one at a time', () => {
  it('makes one export of 20 asked at once; the others are 409 EXPORT_IN_PROGRESS and leave nothing behind', async () => {
    const u = await register(t.app);
    const h = bearer(u.access_token);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(h, 'POST', '/api/users/data-export')),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([202, ...Array<number>(19).fill(409)]);
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(a.json()).toMatchObject({ statusCode: 409, code: 'EXPORT_IN_PROGRESS' });
    }
    const { rows } = await t.db.$client.query(
      `select (select count(*)::int from data_exports where user_id = $1) as exports,
              (select count(*)::int from data_requests where user_id = $1) as requests`,
      [u.user.id],
    );
    expect(rows).toEqual([{ exports: 1, requests: 1 }]);
    // Once built, another may be asked for.
    expect((await whenBuilt(h)).status).toBe('ready');
    expect((await call(h, 'POST', '/api/users/data-export')).statusCode).toBe(202);
  });

  it('built by several runs at once (the job and two more), leaves one ZIP in storage, marked ready once', async () => {
    const u = await register(t.app);
    const h = bearer(u.access_token);
    const asked = (await call(h, 'POST', '/api/users/data-export')).json();
    await Promise.all([service().build(asked.id), service().build(asked.id)]);
    const ready = await whenBuilt(h);
    expect(ready.status).toBe('ready');
    const files = (await readdir(path.join(t.config.storageDir, 'data-exports'))).filter((f) =>
      f.startsWith(asked.id),
    );
    expect(files).toHaveLength(1);
    const { rows } = await t.db.$client.query(`select storage_key from data_exports where id = $1`, [
      asked.id,
    ]);
    expect(rows).toEqual([{ storage_key: `data-exports/${files[0]}` }]);
  });

  it('answers null before any export is asked for', async () => {
    const u = await register(t.app);
    expect((await call(bearer(u.access_token), 'GET', '/api/users/data-export')).json()).toEqual({
      export: null,
    });
  });
});
