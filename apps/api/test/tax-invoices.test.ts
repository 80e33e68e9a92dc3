import pg from 'pg';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/lib/ids.js';
import type { MailMessage } from '../src/mail/message.js';
import { coupons } from '../src/db/schema.js';
import { issueForReceipt } from '../src/modules/billing/tax-invoices.repo.js';
import { thaiBahtText } from '../src/modules/billing/thai-baht-text.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

/** Full tax invoices (ใบกำกับภาษีเต็มรูป): asked for from a receipt or at checkout, numbered without a gap. */
let t: TestApp;
const queued: MailMessage[] = [];
beforeAll(async () => {
  t = await createTestApp({ REGISTER_MAX_PER_HOUR: '500', SELLER_TAX_ID: '0105553000016' });
  const send = t.app.mail.send.bind(t.app.mail);
  t.app.mail.send = async (m, tx) => {
    queued.push(m);
    await send(m, tx);
  };
});
afterAll(() => t.close());

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, token: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'สมชาย ใจดี' };
const HOSPITAL = {
  name: 'โรงพยาบาลตัวอย่าง',
  address: '2 ถนนวังหลัง แขวงศิริราช เขตบางกอกน้อย กรุงเทพมหานคร 10700',
  taxId: '0994000161531',
  branch: 'head_office',
};

/** A learner who paid for a plan (sandbox, test card): their token, id and receipt's number. */
async function payer(plan = 'monthly') {
  const u = await register(t.app);
  const opened = await post('/api/checkout/orders', u.access_token, { plan });
  expect(opened.statusCode, opened.body).toBe(201);
  const { order } = opened.json();
  const paid = await post(`/api/checkout/sandbox/${order.id}/card`, u.access_token, GOOD_CARD);
  expect(paid.statusCode, paid.body).toBe(200);
  return {
    token: u.access_token,
    id: u.user.id,
    email: u.user.email,
    receipt: paid.json().receiptNumber as string,
  };
}

const running = (number: string) => Number(number.split('-')[2]);
const counter = async (kind = 'TI') =>
  (
    await t.db.$client.query<{ last: number }>(
      `select last from tax_document_counters where kind = $1 and seller_tax_id = '0105553000016'`,
      [kind],
    )
  ).rows[0]?.last ?? 0;
const invoicesOf = async (userId: string) =>
  (await t.db.$client.query(`select * from tax_invoices where user_id = $1`, [userId])).rows;

async function pdfText(pdf: Buffer) {
  const doc = await getDocument({ data: new Uint8Array(pdf) }).promise;
  const page = await doc.getPage(1);
  // Sara am is drawn as nikhahit and sara aa (tax-document-pdf.ts): compared in the compatibility form (NFKC).
  const text = (await page.getTextContent()).items
    .map((i) => ('str' in i ? i.str : ''))
    .join(' ')
    .normalize('NFKC');
  const size = [page.view[2] ?? 0, page.view[3] ?? 0];
  const pages = doc.numPages;
  await doc.destroy();
  return { text, size, pages };
}

describe('a full tax invoice from a paid receipt', () => {
  it('is issued once (201), then answered as it is (200), listed, and mailed with its PDF', async () => {
    const p = await payer();
    const first = await post(`/api/my-receipts/${p.receipt}/tax-invoice`, p.token, HOSPITAL);
    expect(first.statusCode, first.body).toBe(201);
    const invoice = first.json();
    expect(invoice).toMatchObject({
      receiptNumber: p.receipt,
      buyer: HOSPITAL,
      seller: { taxId: '0105553000016', branch: 'head_office' },
      subtotalSatang: 29_900,
      totalSatang: 29_900,
      vatSatang: 1_956,
      netSatang: 27_944,
    });
    expect(invoice.number).toMatch(/^TI-\d{4}-\d{6}$/);
    // Asked again (another buyer even): the invoice it has, unchanged.
    const again = await post(`/api/my-receipts/${p.receipt}/tax-invoice`, p.token, {
      ...HOSPITAL,
      name: 'บริษัทอื่น จำกัด',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(invoice);
    expect((await get('/api/my-tax-documents', p.token)).json()).toEqual({
      taxInvoices: [invoice],
      creditNotes: [],
    });
    const mails = queued.filter((m) => m.to === p.email && m.subject.includes(invoice.number));
    expect(mails).toHaveLength(1);
    const attached = await t.app.storage.readAll(mails[0]!.attachments![0]!.storageKey);
    expect((await pdfText(attached!)).text).toContain(invoice.number);
  });

  it('starts the form with the learner’s organisation’s name, then with their last invoice’s buyer', async () => {
    const p = await payer();
    const org = uuidv7();
    await t.db.$client.query(`insert into organizations (id, name) values ($1, 'โรงพยาบาลตัวอย่าง')`, [org]);
    await t.db.$client.query(`update users set organization_id = $2 where id = $1`, [p.id, org]);
    expect((await get('/api/tax-invoice-details', p.token)).json()).toEqual({
      name: 'โรงพยาบาลตัวอย่าง',
      address: '',
      taxId: '',
      branch: 'head_office',
    });
    await post(`/api/my-receipts/${p.receipt}/tax-invoice`, p.token, { ...HOSPITAL, branch: '00002' });
    expect((await get('/api/tax-invoice-details', p.token)).json()).toEqual({ ...HOSPITAL, branch: '00002' });
  });

  it('refuses a wrong tax ID, a bad branch or a missing address with 400 and issues nothing', async () => {
    const p = await payer();
    for (const [change, path] of [
      [{ taxId: '0994000161532' }, 'taxId'],
      [{ taxId: '099400016153' }, 'taxId'],
      [{ branch: '12' }, 'branch'],
      [{ address: '' }, 'address'],
    ] as const) {
      const res = await post(`/api/my-receipts/${p.receipt}/tax-invoice`, p.token, {
        ...HOSPITAL,
        ...change,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect(await invoicesOf(p.id)).toHaveLength(0);
  });

  it('is the receipt owner’s alone: another learner gets 404 asking for it or for its PDF', async () => {
    const owner = await payer();
    const other = await payer();
    const asked = await post(`/api/my-receipts/${owner.receipt}/tax-invoice`, other.token, HOSPITAL);
    expect(asked.statusCode).toBe(404);
    expect(await invoicesOf(owner.id)).toHaveLength(0);
    const { number } = (
      await post(`/api/my-receipts/${owner.receipt}/tax-invoice`, owner.token, HOSPITAL)
    ).json();
    expect((await get(`/api/my-tax-documents/${number}/pdf`, other.token)).statusCode).toBe(404);
    expect((await get(`/api/my-tax-documents/${number}/pdf`, owner.token)).statusCode).toBe(200);
    expect((await get('/api/my-tax-documents', other.token)).json().taxInvoices).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/my-tax-documents/${number}/pdf` })).statusCode,
    ).toBe(401);
  });

  it('is not issued for a receipt of nothing paid (a 100% promo code): 409 NOTHING_TO_INVOICE', async () => {
    await t.db.insert(coupons).values({ id: uuidv7(), code: 'FREE100TI', percentOff: 100 });
    const u = await register(t.app);
    const { order } = (
      await post('/api/checkout/orders', u.access_token, { plan: 'monthly', cpc: 'FREE100TI' })
    ).json();
    expect(order.status).toBe('paid');
    const res = await post(`/api/my-receipts/${order.receiptNumber}/tax-invoice`, u.access_token, HOSPITAL);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('NOTHING_TO_INVOICE');
    expect(await invoicesOf(u.user.id)).toHaveLength(0);
  });
});

describe('numbering (one gap-free sequence per seller)', () => {
  it('20 invoices asked for at once (20 receipts) get 20 consecutive numbers', async () => {
    const payers = await Promise.all(Array.from({ length: 20 }, () => payer()));
    const before = await counter();
    const answers = await Promise.all(
      payers.map((p) => post(`/api/my-receipts/${p.receipt}/tax-invoice`, p.token, HOSPITAL)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const numbers = answers.map((a) => running(a.json().number)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => before + 1 + i));
    expect(await counter()).toBe(before + 20);
    expect(new Set(answers.map((a) => a.json().receiptNumber)).size).toBe(20);
  });

  it('the same receipt asked for 10 times at once gives one invoice and takes one number', async () => {
    const p = await payer();
    const before = await counter();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(`/api/my-receipts/${p.receipt}/tax-invoice`, p.token, HOSPITAL)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    const numbers = new Set(answers.map((a) => a.json().number as string));
    expect(numbers.size).toBe(1);
    expect(running([...numbers][0]!)).toBe(before + 1);
    expect(await invoicesOf(p.id)).toHaveLength(1);
    expect(await counter()).toBe(before + 1);
  });

  it('asked for again while the first issue is still being written, the askers wait for it and take no number', async () => {
    const p = await payer();
    const receiptId = (
      await t.db.$client.query<{ id: string }>(`select id from receipts where number = $1`, [p.receipt])
    ).rows[0]!.id;
    const before = await counter();
    // The first issue stays open (uncommitted) on a connection of its own while the app's askers come.
    const first = new pg.Client({ connectionString: t.databaseUrl });
    const watch = new pg.Client({ connectionString: t.databaseUrl });
    await Promise.all([first.connect(), watch.connect()]);
    try {
      await first.query('begin');
      await issueForReceipt(first, {
        id: uuidv7(),
        receiptId,
        userId: p.id,
        buyer: HOSPITAL,
        seller: { name: 'x', taxId: '0105553000016', address: 'x', branch: 'head_office' },
      });
      const asked = Promise.all(
        Array.from({ length: 10 }, () =>
          post(`/api/my-receipts/${p.receipt}/tax-invoice`, p.token, HOSPITAL),
        ),
      );
      // Every connection of the app's pool (5) is waiting on a lock the first issue holds.
      await expect
        .poll(
          async () =>
            (
              await watch.query<{ n: number }>(
                `select count(*)::int as n from pg_stat_activity
                 where datname = current_database() and wait_event_type = 'Lock' and state = 'active'`,
              )
            ).rows[0]!.n,
          { timeout: 20_000 },
        )
        .toBe(5);
      await first.query('commit');
      const answers = await asked;
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
      expect(new Set(answers.map((a) => running(a.json().number)))).toEqual(new Set([before + 1]));
      expect(await counter()).toBe(before + 1);
    } finally {
      await first.end();
      await watch.end();
    }
  });

  it('an issue rolled back gives its number back to the next one', async () => {
    const p = await payer();
    const { rows } = await t.db.$client.query<{ id: string }>(`select id from receipts where number = $1`, [
      p.receipt,
    ]);
    const c = await t.db.$client.connect();
    let rolledBack: string;
    try {
      await c.query('begin');
      await issueForReceipt(c, {
        id: uuidv7(),
        receiptId: rows[0]!.id,
        userId: p.id,
        buyer: HOSPITAL,
        seller: { name: 'x', taxId: '0105553000016', address: 'x', branch: 'head_office' },
      });
      rolledBack = (await c.query(`select number from tax_invoices where receipt_id = $1`, [rows[0]!.id]))
        .rows[0].number;
      await c.query('rollback');
    } finally {
      c.release();
    }
    const issued = await post(`/api/my-receipts/${p.receipt}/tax-invoice`, p.token, HOSPITAL);
    expect(issued.json().number).toBe(rolledBack);
  });
});

describe('asked for at checkout', () => {
  it('is kept with the unpaid order and issued with its payment (mailed once it is paid)', async () => {
    const u = await register(t.app);
    const { order } = (await post('/api/checkout/orders', u.access_token, { plan: 'annual' })).json();
    const asked = await post(`/api/checkout/orders/${order.id}/tax-invoice`, u.access_token, HOSPITAL);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ taxInvoice: null });
    expect(await invoicesOf(u.user.id)).toHaveLength(0);
    // Changed before paying: the last one counts.
    const buyer = { ...HOSPITAL, branch: '00001' };
    await post(`/api/checkout/orders/${order.id}/tax-invoice`, u.access_token, buyer);
    const paid = (await post(`/api/checkout/sandbox/${order.id}/card`, u.access_token, GOOD_CARD)).json();
    const docs = (await get('/api/my-tax-documents', u.access_token)).json();
    expect(docs.taxInvoices).toEqual([
      expect.objectContaining({ receiptNumber: paid.receiptNumber, buyer, totalSatang: 299_000 }),
    ]);
    const number = docs.taxInvoices[0].number;
    expect(queued.filter((m) => m.to === u.user.email && m.subject.includes(number))).toHaveLength(1);
    // Asked again for the paid order: the invoice it has.
    const later = await post(`/api/checkout/orders/${order.id}/tax-invoice`, u.access_token, HOSPITAL);
    expect(later.json().taxInvoice).toMatchObject({ number, buyer });
  });

  it('is another learner’s order: 404, and nothing kept', async () => {
    const u = await register(t.app);
    const other = await register(t.app);
    const { order } = (await post('/api/checkout/orders', u.access_token, { plan: 'monthly' })).json();
    expect(
      (await post(`/api/checkout/orders/${order.id}/tax-invoice`, other.access_token, HOSPITAL)).statusCode,
    ).toBe(404);
    const { rows } = await t.db.$client.query(`select 1 from tax_invoice_requests where order_id = $1`, [
      order.id,
    ]);
    expect(rows).toHaveLength(0);
  });
});

describe('the PDF', () => {
  it('is one A4 page in Thai with the number, both tax IDs and branches, VAT and the amount in words', async () => {
    const p = await payer('annual');
    const { number } = (
      await post(`/api/my-receipts/${p.receipt}/tax-invoice`, p.token, { ...HOSPITAL, branch: '00003' })
    ).json();
    const res = await get(`/api/my-tax-documents/${number}/pdf`, p.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${number}.pdf"`);
    const { text, size, pages } = await pdfText(res.rawPayload);
    expect(pages).toBe(1);
    expect(size.map(Math.round)).toEqual([595, 842]);
    const thai = (words: string) => words.normalize('NFKC');
    expect(text).toContain(thai('ใบกำกับภาษี/ใบเสร็จรับเงิน'));
    expect(text).toContain('ต้นฉบับ');
    expect(text).toContain(number);
    expect(text).toContain(p.receipt);
    expect(text).toContain(HOSPITAL.taxId);
    expect(text).toContain('0105553000016');
    expect(text).toContain('สาขาที่ 00003');
    expect(text).toContain(thai('สำนักงานใหญ่'));
    expect(text).toContain('โรงพยาบาลตัวอย่าง');
    expect(text).toContain(thai('บริษัท เรียนรู้ จำกัด'));
    expect(text).toContain('2,990.00');
    expect(text).toContain('195.61');
    expect(text).toContain(thai(thaiBahtText(299_000)));
    expect(text).toContain('สองพันเก้าร้อยเก้าสิบบาทถ้วน');
    expect(text).toMatch(/\d{1,2} \S+ พ\.ศ\. 25\d\d/);
  });
});
