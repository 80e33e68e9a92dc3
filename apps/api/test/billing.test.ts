import { vatIncluded } from '@rianroo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/lib/ids.js';
import type { MailMessage } from '../src/mail/message.js';
import { coupons } from '../src/db/schema.js';
import { insertReceipt } from '../src/modules/billing/billing.repo.js';
import { bangkokDay, periodEnd } from '../src/modules/billing/periods.js';
import { crc16, promptPayPayload } from '../src/modules/billing/promptpay.js';
import { seedCatalogue } from './courses-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';
import { latestMail } from './mail-helpers.js';

let t: TestApp;
let cat: Awaited<ReturnType<typeof seedCatalogue>>;
beforeAll(async () => {
  // Many learners register from one address here.
  t = await createTestApp({ REGISTER_MAX_PER_HOUR: '500' });
  // A paid course, to see what a subscription gives (or no longer gives) access to.
  cat = await seedCatalogue(t);
  // What the service queues for delivery (delivery itself is the mail module's, tested with it).
  const send = t.app.mail.send.bind(t.app.mail);
  // The transaction is passed on: a mail sent outside its sender's transaction (registration's welcome) would
  // wait for a second connection while holding one, and twenty sign-ups at once would drain the pool.
  t.app.mail.send = async (m, tx) => {
    queued.push(m);
    await send(m, tx);
  };
});
const queued: MailMessage[] = [];
const queuedTo = (to: string, subject: RegExp) =>
  queued.filter((m) => m.to === to && subject.test(m.subject));
afterAll(() => t.close());

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, token: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'สมชาย ใจดี' };
const DECLINED_CARD = { ...GOOD_CARD, number: '4000 0000 0000 0002' };

async function addCoupon(c: Partial<typeof coupons.$inferInsert> & { code: string }) {
  const id = uuidv7();
  await t.db
    .insert(coupons)
    .values({ id, ...c, ...(c.amountOffSatang ? {} : { percentOff: c.percentOff ?? 20 }) });
  return id;
}

/** Pays a plan through the sandbox with the good test card; answers the paid order. */
async function buy(token: string, plan: string, cpc?: string) {
  const opened = await post('/api/checkout/orders', token, { plan, ...(cpc ? { cpc } : {}) });
  expect(opened.statusCode, opened.body).toBe(201);
  const { order, redirectUrl } = opened.json();
  if (order.status === 'paid') return order;
  expect(redirectUrl).toBe(`/checkout/pay/${order.id}`);
  const paid = await post(`/api/checkout/sandbox/${order.id}/card`, token, GOOD_CARD);
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json();
}

const sub = async (token: string) => (await get('/api/my-subscription', token)).json();
/**
 * Whether the learner can reach the paid course's content now: a locked (not teaser) episode's playback token
 * (no video is attached in this catalogue: 404 when let through, 403 NO_ACCESS when not), and the course's own
 * answer, which must agree.
 */
async function watches(token: string) {
  const episodeId = cat.paidEpisodes[1]!.id;
  const playback = await get(`/api/cloudflare/get-signed-token?episodeId=${episodeId}`, token);
  expect([403, 404], playback.body).toContain(playback.statusCode);
  if (playback.statusCode === 403) expect(playback.json().code).toBe('NO_ACCESS');
  const open = playback.statusCode === 404;
  expect((await get(`/api/users/check/course/${cat.paid}`, token)).json().canAccess).toBe(open);
  return open;
}
const setEnd = (userId: string, end: Date) =>
  t.db.$client.query(
    `update subscriptions set current_period_end = $2 where user_id = $1 and status <> 'expired'`,
    [userId, end],
  );

describe('plans (public)', () => {
  it('lists the trial, monthly and annual plans in THB without logging in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/plans' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ code: 'trial', interval: 'trial', intervalCount: 7, priceSatang: 0 }),
      expect.objectContaining({ code: 'monthly', interval: 'month', priceSatang: 29_900, currency: 'THB' }),
      expect.objectContaining({ code: 'annual', interval: 'year', priceSatang: 299_000, nameEn: 'Annual' }),
    ]);
  });
});

describe('free trial (one per learner, ever)', () => {
  it('starts once: eligible, then active until 7 days later; a second start is 409', async () => {
    const u = await register(t.app);
    expect((await get('/api/free-trial', u.access_token)).json()).toEqual({
      eligible: true,
      active: false,
      endsAt: null,
    });
    const started = await post('/api/free-trial', u.access_token);
    expect(started.statusCode).toBe(201);
    const { endsAt } = started.json();
    expect(started.json()).toMatchObject({ eligible: false, active: true });
    expect(Math.abs(new Date(endsAt).getTime() - Date.now() - 7 * 86_400_000)).toBeLessThan(60_000);
    expect((await sub(u.access_token)).status).toBe('trialing');
    const again = await post('/api/free-trial', u.access_token);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('TRIAL_NOT_ELIGIBLE');
    // Over, the trial is still the one the learner had: never a second.
    await setEnd(u.user.id, new Date(Date.now() - 1000));
    expect((await get('/api/free-trial', u.access_token)).json()).toEqual({
      eligible: false,
      active: false,
      endsAt: null,
    });
    expect((await post('/api/free-trial', u.access_token)).statusCode).toBe(409);
  });

  it('ten simultaneous starts give one trial', async () => {
    const u = await register(t.app);
    const codes = (
      await Promise.all(Array.from({ length: 10 }, () => post('/api/free-trial', u.access_token)))
    ).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    const { rows } = await t.db.$client.query(
      `select count(*)::int as n from subscriptions where user_id = $1`,
      [u.user.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('a trial started while an order is paid (two tabs, at once): never a 500, the payment counts, one current subscription', async () => {
    type Outcome = { trial: number; pay: number; status: string; plan: string; end: number; current: number };
    const outcomes: Outcome[] = [];
    for (let round = 0; round < 3; round++) {
      const learners = await Promise.all(Array.from({ length: 20 }, () => register(t.app)));
      const orders = await Promise.all(
        learners.map(
          async (u) => (await post('/api/checkout/orders', u.access_token, { plan: 'monthly' })).json().order,
        ),
      );
      outcomes.push(
        ...(await Promise.all(
          learners.map(async (u, k) => {
            const [trial, pay] = await Promise.all([
              post('/api/free-trial', u.access_token),
              post(`/api/checkout/sandbox/${orders[k].id}/promptpay`, u.access_token),
            ]);
            const s = await sub(u.access_token);
            const { rows } = await t.db.$client.query(
              `select count(*)::int as n from subscriptions
               where user_id = $1 and status in ('trialing', 'active', 'canceled')`,
              [u.user.id],
            );
            return {
              trial: trial.statusCode,
              pay: pay.statusCode,
              status: pay.json().status,
              plan: s?.plan.code,
              end: new Date(s?.currentPeriodEnd).getTime(),
              current: rows[0].n,
            };
          }),
        )),
      );
    }
    expect(outcomes.filter((o) => o.trial >= 500 || o.pay >= 500)).toEqual([]);
    for (const o of outcomes) {
      expect(o).toMatchObject({ pay: 200, status: 'paid', plan: 'monthly', current: 1 });
      expect([201, 409]).toContain(o.trial);
      // A trial that started first is followed by the paid month (it becomes the paid subscription); one that
      // came second was refused (the learner was a subscriber) and the month runs from now.
      const days = (o.end - Date.now()) / 86_400_000;
      if (o.trial === 201) expect(days).toBeGreaterThan(7 + 27);
      else expect(days).toBeLessThan(32);
    }
  });

  it('a subscriber is not eligible', async () => {
    const u = await register(t.app);
    await buy(u.access_token, 'monthly');
    expect((await get('/api/free-trial', u.access_token)).json().eligible).toBe(false);
    expect((await post('/api/free-trial', u.access_token)).statusCode).toBe(409);
  });
});

describe('checkout with the sandbox provider', () => {
  it('a declined card leaves the order payable; a good card pays it, starts the plan and sends a receipt', async () => {
    const u = await register(t.app);
    const quote = await post('/api/checkout/quote', u.access_token, { plan: 'annual' });
    expect(quote.json()).toMatchObject({
      subtotalSatang: 299_000,
      discountSatang: 0,
      totalSatang: 299_000,
      vatSatang: vatIncluded(299_000),
      couponProblem: null,
    });
    const opened = (await post('/api/checkout/orders', u.access_token, { plan: 'annual' })).json();
    expect(opened.order).toMatchObject({ status: 'pending', totalSatang: 299_000, provider: 'sandbox' });
    expect(opened.order.number).toMatch(/^RR-\d{6}-\d{6}$/);

    const page = (await get(`/api/checkout/sandbox/${opened.order.id}`, u.access_token)).json();
    expect(page.promptpay.payload).toContain('54072990.00');
    expect(page.promptpay.qrSvg).toMatch(/^<svg/);

    const declined = await post(
      `/api/checkout/sandbox/${opened.order.id}/card`,
      u.access_token,
      DECLINED_CARD,
    );
    expect(declined.statusCode).toBe(402);
    expect(declined.json().code).toBe('PAYMENT_DECLINED');
    expect((await get(`/api/checkout/orders/${opened.order.id}`, u.access_token)).json().status).toBe(
      'pending',
    );
    expect(await sub(u.access_token)).toBeNull();

    const paid = await post(`/api/checkout/sandbox/${opened.order.id}/card`, u.access_token, GOOD_CARD);
    expect(paid.json()).toMatchObject({ status: 'paid', method: 'card' });
    expect(paid.json().receiptNumber).toMatch(/^RC-\d{4}-\d{6}$/);
    const s = await sub(u.access_token);
    expect(s).toMatchObject({
      status: 'active',
      autoRenew: true,
      givesAccess: true,
      plan: { code: 'annual' },
    });
    // An annual plan bought: the user says so (the web stores boughtAnnual from it).
    expect((await get('/api/auth', u.access_token)).json().bought_annual).toBe(true);
    // Paying again charges nothing: the answer is the order, paid (one receipt, below).
    expect(
      (await post(`/api/checkout/sandbox/${opened.order.id}/promptpay`, u.access_token)).json(),
    ).toMatchObject({ status: 'paid', method: 'card' });

    const mail = await latestMail(t, u.email, 30_000, /ใบเสร็จรับเงิน/);
    expect(mail.text).toContain(opened.order.number);
    expect(mail.text).toContain('2,990.00');
    expect(mail.text).toContain(
      `ภาษีมูลค่าเพิ่ม 7% ${(vatIncluded(299_000) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );

    const receipts = (await get('/api/my-receipts', u.access_token)).json();
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({
      orderNumber: opened.order.number,
      totalSatang: 299_000,
      netSatang: 299_000 - vatIncluded(299_000),
      buyerEmail: u.email,
    });
    const one = await get(`/api/my-receipts/${receipts[0].number}`, u.access_token);
    expect(one.statusCode).toBe(200);
    // Another learner sees neither the order nor the receipt.
    const other = await register(t.app);
    expect((await get(`/api/checkout/orders/${opened.order.id}`, other.access_token)).statusCode).toBe(404);
    expect((await get(`/api/my-receipts/${receipts[0].number}`, other.access_token)).statusCode).toBe(404);
    expect((await get(`/api/checkout/sandbox/${opened.order.id}`, other.access_token)).statusCode).toBe(404);
    expect((await get('/api/my-receipts/RC%00', u.access_token)).statusCode).toBe(400);
  });

  it('PromptPay: the sandbox confirms the QR payment; a trial is not an annual purchase', async () => {
    const u = await register(t.app);
    await post('/api/free-trial', u.access_token);
    expect((await get('/api/auth', u.access_token)).json().bought_annual).toBe(false);
    const { order } = (await post('/api/checkout/orders', u.access_token, { plan: 'monthly' })).json();
    const paid = await post(`/api/checkout/sandbox/${order.id}/promptpay`, u.access_token);
    expect(paid.json()).toMatchObject({ status: 'paid', method: 'promptpay' });
    // The paid month starts when the trial ends (the trial row becomes the paid subscription).
    const s = await sub(u.access_token);
    expect(s).toMatchObject({ status: 'active', plan: { code: 'monthly' } });
    expect(new Date(s.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now() + 30 * 86_400_000);
  });

  it('renewal extends from the current end, not from today, on the same day of the month', async () => {
    const u = await register(t.app);
    await buy(u.access_token, 'monthly');
    const end = new Date('2027-01-31T03:00:00.000Z'); // 31 January, 10:00 in Bangkok
    await setEnd(u.user.id, end);
    await t.db.$client.query(`update subscriptions set anchor_day = 31 where user_id = $1`, [u.user.id]);
    const quote = (await post('/api/checkout/quote', u.access_token, { plan: 'monthly' })).json();
    expect(quote.periodStart).toBe(end.toISOString());
    expect(quote.periodEnd).toBe('2027-02-28T03:00:00.000Z');
    const order = await buy(u.access_token, 'monthly');
    expect(order.status).toBe('paid');
    expect((await sub(u.access_token)).currentPeriodEnd).toBe('2027-02-28T03:00:00.000Z');
    await buy(u.access_token, 'monthly');
    expect((await sub(u.access_token)).currentPeriodEnd).toBe('2027-03-31T03:00:00.000Z');
  });

  it('a month bought during a paid year is added after it, and the learner stays an annual subscriber', async () => {
    const u = await register(t.app);
    await buy(u.access_token, 'annual');
    const yearEnd = new Date((await sub(u.access_token)).currentPeriodEnd).getTime();
    expect((await get('/api/auth', u.access_token)).json().bought_annual).toBe(true);
    await buy(u.access_token, 'monthly');
    const s = await sub(u.access_token);
    expect(s).toMatchObject({ status: 'active', plan: { code: 'annual' } });
    expect(new Date(s.currentPeriodEnd).getTime()).toBeGreaterThan(yearEnd + 27 * 86_400_000);
    expect((await get('/api/auth', u.access_token)).json().bought_annual).toBe(true);
    // The other way round: a year bought during a paid month makes the learner an annual subscriber at once.
    const v = await register(t.app);
    await buy(v.access_token, 'monthly');
    await buy(v.access_token, 'annual');
    expect(await sub(v.access_token)).toMatchObject({ plan: { code: 'annual' } });
    expect((await get('/api/auth', v.access_token)).json().bought_annual).toBe(true);
  });

  it('receipt numbers run without a gap: twelve learners paying at once, then a payment rolled back', async () => {
    const numberOf = (receipt: string) => {
      const m = /^RC-(\d{4})-(\d{6})$/.exec(receipt);
      expect(m, receipt).not.toBeNull();
      return { year: Number(m![1]), n: Number(m![2]) };
    };
    const latest = async () =>
      (
        await t.db.$client.query<{ number: string }>(
          `select number from receipts order by length(number) desc, number desc limit 1`,
        )
      ).rows[0]?.number;
    const learners = await Promise.all(Array.from({ length: 12 }, () => register(t.app)));
    const orders = await Promise.all(
      learners.map(
        async (u) => (await post('/api/checkout/orders', u.access_token, { plan: 'monthly' })).json().order,
      ),
    );
    const before = (await latest()) ? numberOf((await latest())!).n : 0;
    const paid = await Promise.all(
      orders.map((o, k) => post(`/api/checkout/sandbox/${o.id}/card`, learners[k]!.access_token, GOOD_CARD)),
    );
    expect(paid.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const numbers = paid.map((r) => numberOf(r.json().receiptNumber));
    const year = Number(
      new Intl.DateTimeFormat('en', { timeZone: 'Asia/Bangkok', year: 'numeric' }).format(),
    );
    expect(new Set(numbers.map((x) => x.year))).toEqual(new Set([year]));
    expect(numbers.map((x) => x.n).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, k) => before + 1 + k),
    );

    // A payment whose transaction is rolled back after its receipt was written: the next receipt takes its number.
    const late = await register(t.app);
    const order = (await post('/api/checkout/orders', late.access_token, { plan: 'monthly' })).json().order;
    const c = await t.db.$client.connect();
    try {
      await c.query('begin');
      const lost = await insertReceipt(c, {
        id: uuidv7(),
        orderId: order.id,
        userId: late.user.id,
        seller: t.config.payments.seller,
      });
      expect(numberOf(lost!).n).toBe(before + 13);
    } finally {
      await c.query('rollback');
      c.release();
    }
    const next = await post(`/api/checkout/sandbox/${order.id}/card`, late.access_token, GOOD_CARD);
    expect(numberOf(next.json().receiptNumber).n).toBe(before + 13);

    // An insert that brings a number of its own (as the version before 0022 did, from a sequence) takes the
    // counter's next number all the same, and the one after it follows.
    const old = await register(t.app);
    const oldOrder = (await post('/api/checkout/orders', old.access_token, { plan: 'monthly' })).json().order;
    const { rows } = await t.db.$client.query<{ number: string }>(
      `insert into receipts (id, number, order_id, user_id, buyer_name, buyer_email, seller)
       values ($1, 'RC-2026-999999', $2, $3, 'ทดสอบ', $4, '{}')
       returning number`,
      [uuidv7(), oldOrder.id, old.user.id, old.email],
    );
    expect(numberOf(rows[0]!.number).n).toBe(before + 14);
    const after = await register(t.app);
    const last = await buy(after.access_token, 'monthly');
    expect(numberOf(last.receiptNumber).n).toBe(before + 15);
  });

  it('order and receipt numbers grow past 999,999 to seven digits, each new (no 500 at the millionth)', async () => {
    const year = Number(
      new Intl.DateTimeFormat('en', { timeZone: 'Asia/Bangkok', year: 'numeric' }).format(),
    );
    const q = t.db.$client;
    const seq = (await q.query(`select last_value::bigint as n, is_called from order_number_seq`)).rows[0];
    const counter = (await q.query(`select last from receipt_counters where year = $1`, [year])).rows[0];
    // A platform that has opened and paid about a million orders (the numbers are never reset within a year).
    await q.query(`select setval('order_number_seq', 999998)`);
    await q.query(
      `insert into receipt_counters (year, last) values ($1, 999998) on conflict (year) do update set last = 999998`,
      [year],
    );
    try {
      const learners = await Promise.all([1, 2, 3].map(() => register(t.app)));
      const paid = await Promise.all(learners.map((u) => buy(u.access_token, 'monthly')));
      const tail = (n: string) => Number(n.split('-').at(-1));
      expect(paid.map((o) => tail(o.number)).sort((a, b) => a - b)).toEqual([999_999, 1_000_000, 1_000_001]);
      expect(paid.map((o) => tail(o.receiptNumber)).sort((a, b) => a - b)).toEqual([
        999_999, 1_000_000, 1_000_001,
      ]);
      for (const o of paid) {
        expect(o.number).toMatch(/^RR-\d{6}-(\d{6}|\d{7})$/);
        expect(o.receiptNumber).toMatch(new RegExp(`^RC-${year}-(\\d{6}|\\d{7})$`));
      }
    } finally {
      await q.query(`select setval('order_number_seq', $1, $2)`, [seq.n, seq.is_called]);
      if (counter)
        await q.query(`update receipt_counters set last = $2 where year = $1`, [year, counter.last]);
      else await q.query(`delete from receipt_counters where year = $1`, [year]);
    }
  });

  it('twelve orders opened at once (tabs, double clicks) leave one open: each closes the one before', async () => {
    const u = await register(t.app);
    const opened = await Promise.all(
      Array.from({ length: 12 }, () => post('/api/checkout/orders', u.access_token, { plan: 'monthly' })),
    );
    expect(opened.map((r) => r.statusCode)).toEqual(Array<number>(12).fill(201));
    const { rows } = await t.db.$client.query<{ status: string; n: number }>(
      `select status, count(*)::int as n from orders where user_id = $1 group by status order by status`,
      [u.user.id],
    );
    expect(rows).toEqual([
      { status: 'expired', n: 11 },
      { status: 'pending', n: 1 },
    ]);
  });

  it('one order paid from twelve tabs at once: paid once, one receipt, one month, every tab told it is paid', async () => {
    const u = await register(t.app);
    const { order } = (await post('/api/checkout/orders', u.access_token, { plan: 'monthly' })).json();
    const paid = await Promise.all(
      Array.from({ length: 12 }, () =>
        post(`/api/checkout/sandbox/${order.id}/card`, u.access_token, GOOD_CARD),
      ),
    );
    expect(paid.map((r) => `${r.statusCode} ${r.json().status}`)).toEqual(Array<string>(12).fill('200 paid'));
    // A tab that sends its payment once the order is paid is told so too (not "no longer payable").
    const late = await post(`/api/checkout/sandbox/${order.id}/card`, u.access_token, GOOD_CARD);
    expect(`${late.statusCode} ${late.json().status}`).toBe('200 paid');
    expect((await get('/api/my-receipts', u.access_token)).json()).toHaveLength(1);
    const s = await sub(u.access_token);
    const months = (new Date(s.currentPeriodEnd).getTime() - Date.now()) / (30.4 * 86_400_000);
    expect(Math.round(months)).toBe(1);
  });

  it('five orders paid at the same moment all count: five months on one subscription', async () => {
    const u = await register(t.app);
    const orders = [];
    for (let i = 0; i < 5; i++)
      orders.push((await post('/api/checkout/orders', u.access_token, { plan: 'monthly' })).json().order);
    // A new order closes the older unpaid ones; here they are all still payable, like late provider events.
    await t.db.$client.query(`update orders set status = 'pending' where user_id = $1`, [u.user.id]);
    const paid = await Promise.all(
      orders.map((o) => post(`/api/checkout/sandbox/${o.id}/promptpay`, u.access_token)),
    );
    expect(paid.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const s = await sub(u.access_token);
    const months = (new Date(s.currentPeriodEnd).getTime() - Date.now()) / (30.4 * 86_400_000);
    expect(Math.round(months)).toBe(5);
    const { rows } = await t.db.$client.query(
      `select count(*)::int as n from subscriptions where user_id = $1`,
      [u.user.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('refuses bad input with a 4xx in the one shape and changes nothing', async () => {
    const u = await register(t.app);
    expect((await post('/api/checkout/orders', u.access_token, { plan: 'nope' })).statusCode).toBe(404);
    const trial = await post('/api/checkout/orders', u.access_token, { plan: 'trial' });
    expect(trial.statusCode).toBe(400);
    expect(trial.json().code).toBe('PLAN_UNAVAILABLE');
    expect(
      (await post('/api/checkout/orders', u.access_token, { plan: 'monthly', cpc: 'a\u0000b' })).statusCode,
    ).toBe(400);
    expect((await post('/api/checkout/orders', u.access_token, { plan: 'Monthly!' })).statusCode).toBe(400);
    const { order } = (await post('/api/checkout/orders', u.access_token, { plan: 'monthly' })).json();
    const badCard = await post(`/api/checkout/sandbox/${order.id}/card`, u.access_token, {
      ...GOOD_CARD,
      expiry: '13/30',
    });
    expect(badCard.statusCode).toBe(400);
    expect(badCard.json().code).toBe('VALIDATION_ERROR');
    const oldCard = await post(`/api/checkout/sandbox/${order.id}/card`, u.access_token, {
      ...GOOD_CARD,
      expiry: '01/20',
    });
    expect(oldCard.json().code).toBe('PAYMENT_DECLINED');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/checkout/orders', payload: { plan: 'monthly' } }))
        .statusCode,
    ).toBe(401);
    const { rows } = await t.db.$client.query(`select status from orders where user_id = $1`, [u.user.id]);
    expect(rows).toEqual([{ status: 'pending' }]);
    expect(await sub(u.access_token)).toBeNull();
  });
});

describe('coupons', () => {
  it('percent and amount off, for some plans, in a window; problems are said and no discount given', async () => {
    const u = await register(t.app);
    await addCoupon({ code: 'BACK20', percentOff: 20 });
    await addCoupon({ code: 'MINUS500', amountOffSatang: 50_000, planCodes: ['annual'] });
    await addCoupon({ code: 'LATER', validFrom: new Date(Date.now() + 86_400_000) });
    await addCoupon({ code: 'OVER', validTo: new Date(Date.now() - 1000) });
    const q = async (plan: string, cpc: string) =>
      (await post('/api/checkout/quote', u.access_token, { plan, cpc })).json();
    expect(await q('annual', 'back20')).toMatchObject({
      discountSatang: 59_800,
      totalSatang: 239_200,
      vatSatang: vatIncluded(239_200),
      coupon: { code: 'BACK20', percentOff: 20 },
    });
    expect(await q('annual', 'MINUS500')).toMatchObject({ discountSatang: 50_000, totalSatang: 249_000 });
    expect((await q('monthly', 'MINUS500')).couponProblem).toBe('NOT_FOR_PLAN');
    expect((await q('monthly', 'LATER')).couponProblem).toBe('NOT_YET_VALID');
    expect((await q('monthly', 'OVER')).couponProblem).toBe('EXPIRED');
    const unknown = await q('monthly', 'NOPE');
    expect(unknown).toMatchObject({ couponProblem: 'NOT_FOUND', discountSatang: 0, totalSatang: 29_900 });
    const refused = await post('/api/checkout/orders', u.access_token, { plan: 'monthly', cpc: 'OVER' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'COUPON_INVALID', couponProblem: 'EXPIRED' });
  });

  it('20 simultaneous redemptions of a code with 5 left: exactly 5 orders get it', async () => {
    const id = await addCoupon({ code: 'FIVE', percentOff: 10, maxRedemptions: 5 });
    const learners = await Promise.all(Array.from({ length: 20 }, () => register(t.app)));
    const answers = await Promise.all(
      learners.map((l) => post('/api/checkout/orders', l.access_token, { plan: 'monthly', cpc: 'FIVE' })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().couponProblem)).toEqual(
      Array(15).fill('USED_UP'),
    );
    const { rows } = await t.db.$client.query(
      `select c.redeemed_count, (select count(*)::int from coupon_redemptions r where r.coupon_id = c.id) as held
       from coupons c where c.id = $1`,
      [id],
    );
    expect(rows[0]).toEqual({ redeemed_count: 5, held: 5 });
  });

  it('once per learner (also twice at once); an unpaid order gives its redemption back when it expires', async () => {
    await addCoupon({ code: 'ONCE', percentOff: 50, maxRedemptions: 100 });
    const u = await register(t.app);
    await buy(u.access_token, 'monthly', 'ONCE');
    expect(
      (await post('/api/checkout/quote', u.access_token, { plan: 'monthly', cpc: 'ONCE' })).json()
        .couponProblem,
    ).toBe('ALREADY_USED');
    expect(
      (await post('/api/checkout/orders', u.access_token, { plan: 'monthly', cpc: 'ONCE' })).json()
        .couponProblem,
    ).toBe('ALREADY_USED');

    const v = await register(t.app);
    const both = await Promise.all(
      [1, 2].map(() => post('/api/checkout/orders', v.access_token, { plan: 'annual', cpc: 'ONCE' })),
    );
    // Either one order holds it, or the second replaced the first (which then gave it back): one held, never two.
    expect(both.some((r) => r.statusCode === 201)).toBe(true);
    const held = async () =>
      (
        await t.db.$client.query(
          `select count(*)::int as n from coupon_redemptions r join coupons c on c.id = r.coupon_id
           where c.code = 'ONCE' and r.user_id = $1`,
          [v.user.id],
        )
      ).rows[0].n;
    expect(await held()).toBe(1);
    // The order's time runs out: the expiry job closes it and the code is free for this learner again.
    const billing = t.app.billing;
    await billing.expireDue(new Date(Date.now() + 61 * 60_000));
    expect(await held()).toBe(0);
    expect(
      (await post('/api/checkout/quote', v.access_token, { plan: 'annual', cpc: 'ONCE' })).json()
        .couponProblem,
    ).toBeNull();
  });

  it("the last redemption held by the learner's own unpaid order: the quote gives the discount that ordering again gives", async () => {
    await addCoupon({ code: 'LASTONE', percentOff: 50, maxRedemptions: 1 });
    const u = await register(t.app);
    const first = await post('/api/checkout/orders', u.access_token, { plan: 'monthly', cpc: 'LASTONE' });
    expect(first.statusCode).toBe(201);
    const quote = async (token: string) => {
      const q = (await post('/api/checkout/quote', token, { plan: 'monthly', cpc: 'LASTONE' })).json();
      return { couponProblem: q.couponProblem, discountSatang: q.discountSatang };
    };
    // Back on the checkout page: a new order would give the unpaid one's redemption back and take it again.
    expect(await quote(u.access_token)).toEqual({ couponProblem: null, discountSatang: 14_950 });
    const again = await post('/api/checkout/orders', u.access_token, { plan: 'monthly', cpc: 'LASTONE' });
    expect(again.json().order).toMatchObject({ status: 'pending', discountSatang: 14_950 });
    // For anyone else the code is used up, in the quote as in the order.
    const other = await register(t.app);
    expect(await quote(other.access_token)).toEqual({ couponProblem: 'USED_UP', discountSatang: 0 });
    const refused = await post('/api/checkout/orders', other.access_token, {
      plan: 'monthly',
      cpc: 'LASTONE',
    });
    expect(refused.json()).toMatchObject({ code: 'COUPON_INVALID', couponProblem: 'USED_UP' });
  });

  it('a 100% code needs no payment: the order is paid at once, and its receipt names no payment method', async () => {
    await addCoupon({ code: 'GIFT', percentOff: 100 });
    const u = await register(t.app);
    const opened = (
      await post('/api/checkout/orders', u.access_token, { plan: 'monthly', cpc: 'GIFT' })
    ).json();
    expect(opened.order).toMatchObject({ status: 'paid', totalSatang: 0 });
    expect(opened.redirectUrl).toBe(`/checkout/complete/${opened.order.id}`);
    expect((await sub(u.access_token)).status).toBe('active');
    // Nothing was paid, so nothing was paid by card: the receipt says so (the web shows "nothing to pay").
    const receipts = (await get('/api/my-receipts', u.access_token)).json();
    expect(
      receipts.map((r: { totalSatang: number; method: string | null }) => [r.totalSatang, r.method]),
    ).toEqual([[0, null]]);
  });
});

describe('renewal off and on', () => {
  it('cancel keeps access to the period end; resume turns renewal back on; a trial cannot be canceled', async () => {
    const u = await register(t.app);
    expect((await post('/api/my-subscription/cancel', u.access_token)).json().code).toBe('NOT_CANCELABLE');
    expect(await watches(u.access_token)).toBe(false);
    await buy(u.access_token, 'monthly');
    expect(await watches(u.access_token)).toBe(true);
    const canceled = (await post('/api/my-subscription/cancel', u.access_token)).json();
    expect(canceled).toMatchObject({ status: 'canceled', autoRenew: false, givesAccess: true });
    // Canceled, the learner still watches the paid course until the period ends.
    expect(await watches(u.access_token)).toBe(true);
    expect((await post('/api/my-subscription/cancel', u.access_token)).statusCode).toBe(409);
    expect((await post('/api/my-subscription/resume', u.access_token)).json()).toMatchObject({
      status: 'active',
      autoRenew: true,
    });
    expect(await watches(u.access_token)).toBe(true);
    // Canceled again and the period over (the clock, not the expiry job): no more access.
    await post('/api/my-subscription/cancel', u.access_token);
    const end = new Date(Date.now() + 3_600_000);
    await setEnd(u.user.id, end);
    await t.app.billing.expireDue(new Date(end.getTime() - 1000));
    expect(await watches(u.access_token)).toBe(true);
    await setEnd(u.user.id, new Date(Date.now() - 1000));
    expect(await watches(u.access_token)).toBe(false);
    const trial = await register(t.app);
    await post('/api/free-trial', trial.access_token);
    expect((await post('/api/my-subscription/cancel', trial.access_token)).statusCode).toBe(409);
  });
});

describe('jobs, with the clock moved', () => {
  it('expiry: nothing before the end, expired after; access ends at the end even before the job runs', async () => {
    const u = await register(t.app);
    await buy(u.access_token, 'monthly');
    const end = new Date(Date.now() + 3_600_000);
    await setEnd(u.user.id, end);
    await t.app.billing.expireDue(new Date(end.getTime() - 1000));
    expect((await sub(u.access_token)).status).toBe('active');
    expect(await watches(u.access_token)).toBe(true);
    await t.app.billing.expireDue(new Date(end.getTime() + 1000));
    expect(await sub(u.access_token)).toBeNull();
    expect(await watches(u.access_token)).toBe(false);
    const expired = (await get('/api/my-subscription/expired', u.access_token)).json();
    expect(expired).toEqual([expect.objectContaining({ status: 'expired', givesAccess: false })]);
    // Renewing an expired subscription starts a new period today, and the paid course opens again.
    const order = await buy(u.access_token, 'monthly');
    expect(order.status).toBe('paid');
    expect((await sub(u.access_token)).status).toBe('active');
    expect(await watches(u.access_token)).toBe(true);
    // Access follows the period end at once, before any job: the row still says active, the content is closed.
    const v = await register(t.app);
    await buy(v.access_token, 'monthly');
    expect(await watches(v.access_token)).toBe(true);
    await setEnd(v.user.id, new Date(Date.now() - 1000));
    const { rows } = await t.db.$client.query(`select status from subscriptions where user_id = $1`, [
      v.user.id,
    ]);
    expect(rows.map((r) => r.status)).toEqual(['active']);
    expect(await watches(v.access_token)).toBe(false);
    expect(await sub(v.access_token)).toBeNull();
    expect((await get('/api/my-subscription/expired', v.access_token)).json()[0].status).toBe('expired');
  });

  it('reminders 7 days and 1 day before the end, once each, not after renewal was turned off', async () => {
    const u = await register(t.app);
    await buy(u.access_token, 'annual');
    const end = new Date(Date.now() + 30 * 86_400_000);
    await setEnd(u.user.id, end);
    const at = (daysBefore: number) => new Date(end.getTime() - daysBefore * 86_400_000);
    const mine = async () =>
      (
        await t.db.$client.query(
          `select days from subscription_reminders r join subscriptions s on s.id = r.subscription_id where s.user_id = $1 order by days desc`,
          [u.user.id],
        )
      ).rows.map((r) => r.days);
    await t.app.billing.remindDue(at(8));
    expect(await mine()).toEqual([]);
    await t.app.billing.remindDue(at(6.5));
    await t.app.billing.remindDue(at(6));
    expect(await mine()).toEqual([7]);
    const [seven, ...more] = queuedTo(u.email, /7 วัน/);
    expect(more).toEqual([]);
    expect(seven!.text).toContain('http://rianroo.test/checkout/annual');
    await t.app.billing.remindDue(at(0.5));
    await t.app.billing.remindDue(at(0.25));
    expect(await mine()).toEqual([7, 1]);
    expect(queuedTo(u.email, /1 วัน/)).toHaveLength(1);

    const off = await register(t.app);
    await buy(off.access_token, 'monthly');
    await post('/api/my-subscription/cancel', off.access_token);
    await setEnd(off.user.id, end);
    await t.app.billing.remindDue(at(0.5));
    const { rows } = await t.db.$client.query(
      `select 1 from subscription_reminders r join subscriptions s on s.id = r.subscription_id where s.user_id = $1`,
      [off.user.id],
    );
    expect(rows).toHaveLength(0);
    expect(queuedTo(off.email, /วัน/)).toEqual([]);
  });
});

describe('renewal arithmetic (Bangkok calendar)', () => {
  const at = (iso: string) => new Date(iso);
  it('month ends clamp to the shorter month and come back to the anchor day', () => {
    const jan31 = at('2027-01-31T03:00:00.000Z');
    const feb = periodEnd(jan31, 'month', 1);
    expect(feb.toISOString()).toBe('2027-02-28T03:00:00.000Z');
    expect(periodEnd(feb, 'month', 1, 31).toISOString()).toBe('2027-03-31T03:00:00.000Z');
    expect(periodEnd(at('2028-01-31T03:00:00.000Z'), 'month', 1).toISOString()).toBe(
      '2028-02-29T03:00:00.000Z',
    );
    expect(periodEnd(at('2027-12-15T03:00:00.000Z'), 'month', 1).toISOString()).toBe(
      '2028-01-15T03:00:00.000Z',
    );
  });
  it('years keep the day; 29 February falls on 28 February and back', () => {
    const leap = at('2028-02-29T05:00:00.000Z');
    expect(periodEnd(leap, 'year', 1).toISOString()).toBe('2029-02-28T05:00:00.000Z');
    expect(periodEnd(at('2031-02-28T05:00:00.000Z'), 'year', 1, 29).toISOString()).toBe(
      '2032-02-29T05:00:00.000Z',
    );
  });
  it('the day is the Bangkok day: 31 January 20:00 UTC is already 1 February in Bangkok', () => {
    const late = at('2027-01-31T20:00:00.000Z');
    expect(bangkokDay(late)).toBe(1);
    expect(periodEnd(late, 'month', 1).toISOString()).toBe('2027-02-28T20:00:00.000Z');
  });
  it('a trial is its days to the second', () => {
    expect(periodEnd(at('2027-03-01T00:00:00.000Z'), 'trial', 7).toISOString()).toBe(
      '2027-03-08T00:00:00.000Z',
    );
  });
});

describe('PromptPay QR payload (EMVCo)', () => {
  it('CRC-16/CCITT-FALSE gives the standard check value', () => {
    expect(crc16('123456789')).toBe('29B1');
  });
  it('a tax id or a mobile number, the amount, THB, Thailand and a valid checksum', () => {
    const p = promptPayPayload('0105566000000', 29_900, 'RR-202611-000001');
    expect(p.startsWith('000201010212')).toBe(true);
    expect(p).toContain('0016A000000677010111' + '02130105566000000');
    expect(p).toContain('5303764');
    expect(p).toContain('540629' + '9.00');
    expect(p).toContain('5802TH');
    expect(p.slice(-8, -4)).toBe('6304');
    expect(p.slice(-4)).toBe(crc16(p.slice(0, -4)));
    expect(promptPayPayload('0812345678', 100)).toContain('01130066812345678');
    expect(() => promptPayPayload('12345', 100)).toThrow();
    expect(() => promptPayPayload('0812345678', 0)).toThrow();
  });
});
