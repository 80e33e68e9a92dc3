import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, auditOf } from './admin-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

/** Plans and promo codes in the console: versioned edits (EDIT_CONFLICT), unique codes, redemptions, audit. */
let t: TestApp;
let admin: { token: string; id: string };
let n = 0;

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/admin${url}`, headers: bearer(admin.token), payload: payload as object });
const tag = () => `${Date.now().toString(36)}${++n}`;
const planBody = (over: Record<string, unknown> = {}) => ({
  code: `plan-${tag()}`,
  nameTh: 'รายเดือนทดสอบ',
  nameEn: 'Test monthly',
  interval: 'month',
  intervalCount: 1,
  lengthDays: 30,
  priceSatang: 19_900,
  active: true,
  sort: 50,
  ...over,
});
const couponBody = (over: Record<string, unknown> = {}) => ({
  code: `CPN${tag()}`,
  percentOff: 10,
  amountOffSatang: null,
  planCodes: null,
  validFrom: null,
  validTo: null,
  maxRedemptions: null,
  oncePerLearner: true,
  active: true,
  ...over,
});
const created = async (url: string, body: object) => {
  const res = await api('POST', url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const audit = (entityId: string) => auditOf(t, entityId);
const order = (token: string, plan: string, cpc?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout/orders',
    headers: bearer(token),
    payload: { plan, ...(cpc ? { cpc } : {}) },
  });

beforeAll(async () => {
  // Many learners register from one address here.
  t = await createTestApp({ REGISTER_MAX_PER_HOUR: '500' });
  admin = await adminUser(t);
});
afterAll(() => t?.close());

describe('plans', () => {
  it('creates a plan priced in satang (audited), lists it filtered and sorted, refuses a taken code', async () => {
    const p = await created('/plans', planBody({ priceSatang: 123_456 }));
    expect(p).toMatchObject({ priceSatang: 123_456, nameTh: 'รายเดือนทดสอบ', subscribers: 0, active: true });
    const list = (await api('GET', `/plans?q=${p.code}`)).json();
    expect(list.items.map((x: { id: string }) => x.id)).toEqual([p.id]);
    const inactive = (await api('GET', '/plans?active=false')).json();
    expect(inactive.items.map((x: { id: string }) => x.id)).not.toContain(p.id);
    const byPrice = (await api('GET', '/plans?sort=price&order=desc&pageSize=100')).json().items;
    const prices = byPrice.map((x: { priceSatang: number }) => x.priceSatang);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const again = await api('POST', '/plans', planBody({ code: p.code }));
    expect({ status: again.statusCode, code: again.json().code, path: again.json().details[0].path }).toEqual(
      {
        status: 409,
        code: 'VALUE_TAKEN',
        path: 'code',
      },
    );
    expect((await audit(p.id)).map((e) => [e.action, e.actor_id])).toEqual([['plan.create', admin.id]]);
  });

  it('refuses a price that is not whole satang, or a bad code, with 400', async () => {
    for (const over of [
      { priceSatang: 199.5 },
      { priceSatang: -1 },
      { code: 'Has Space' },
      { interval: 'week' },
    ]) {
      const res = await api('POST', '/plans', planBody(over));
      expect({ over, status: res.statusCode, code: res.json().code }).toEqual({
        over,
        status: 400,
        code: 'VALIDATION_ERROR',
      });
    }
  });

  it('deactivating stops its sale (the checkout refuses it) and is audited before/after', async () => {
    const p = await created('/plans', planBody());
    const learner = await register(t.app);
    const off = await api('PATCH', `/plans/${p.id}`, { active: false, version: p.version });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ active: false, priceSatang: p.priceSatang });
    const publicPlans = (await t.app.inject({ url: '/api/plans' })).json();
    expect(JSON.stringify(publicPlans)).not.toContain(p.code);
    const refused = await order(learner.access_token, p.code);
    // The checkout's own rule: an inactive plan is not for sale (404).
    expect({ status: refused.statusCode, code: refused.json().code }).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    });
    const [, update] = await audit(p.id);
    expect(update).toMatchObject({
      action: 'plan.update',
      before: { active: true },
      after: { active: false },
    });
  });

  it('an edit from an old version gets 409 EDIT_CONFLICT; of many at once exactly one is saved', async () => {
    const p = await created('/plans', planBody());
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api('PATCH', `/plans/${p.id}`, { priceSatang: 10_000 + i, version: p.version }),
      ),
    );
    const won = results.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().code)).toEqual(
      Array(19).fill('EDIT_CONFLICT'),
    );
    expect((await api('GET', `/plans/${p.id}`)).json().priceSatang).toBe(won[0]!.json().priceSatang);
    expect((await audit(p.id)).filter((e) => e.action === 'plan.update')).toHaveLength(1);
  });

  it('an edit changes neither a receipt already issued nor what a pending order buys (its terms are kept)', async () => {
    const p = await created(
      '/plans',
      planBody({ nameTh: 'แผนเดิม', nameEn: 'Old name', priceSatang: 10_000 }),
    );
    const learner = await register(t.app);
    const as = (method: 'GET' | 'POST', url: string) =>
      t.app.inject({ method, url: `/api${url}`, headers: bearer(learner.access_token) });
    // One order paid (a receipt issued), one opened and not paid yet.
    const paidOrder = (await order(learner.access_token, p.code)).json().order;
    const paid = await as('POST', `/checkout/sandbox/${paidOrder.id}/promptpay`);
    expect(paid.statusCode, paid.body).toBe(200);
    const receipt = `/my-receipts/${paid.json().receiptNumber}`;
    const issued = (await as('GET', receipt)).json();
    expect(issued.plan).toMatchObject({
      nameTh: 'แผนเดิม',
      nameEn: 'Old name',
      interval: 'month',
      priceSatang: 10_000,
    });
    const pending = (await order(learner.access_token, p.code)).json().order;
    const endBefore = new Date((await as('GET', '/my-subscription')).json().currentPeriodEnd);

    const edit = await api('PATCH', `/plans/${p.id}`, {
      version: p.version,
      nameTh: 'ชื่อใหม่',
      nameEn: 'New name',
      interval: 'year',
      priceSatang: 99_000,
    });
    expect(edit.statusCode, edit.body).toBe(200);

    // The receipt is a document: it still says what was sold.
    expect((await as('GET', receipt)).json()).toEqual(issued);
    // The pending order, paid now, buys the month it was opened (and priced) for, not a year.
    const late = await as('POST', `/checkout/sandbox/${pending.id}/promptpay`);
    expect(late.json()).toMatchObject({ status: 'paid', totalSatang: 10_000, plan: { interval: 'month' } });
    const endAfter = new Date((await as('GET', '/my-subscription')).json().currentPeriodEnd);
    const days = (endAfter.getTime() - endBefore.getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    expect((await as('GET', `/my-receipts/${late.json().receiptNumber}`)).json().plan).toMatchObject({
      nameTh: 'แผนเดิม',
      interval: 'month',
    });
    // A new order takes the plan as it is now.
    expect((await order(learner.access_token, p.code)).json().order).toMatchObject({
      totalSatang: 99_000,
      plan: { nameTh: 'ชื่อใหม่', interval: 'year' },
    });
  });

  it("deleting a plan records the fields it had before and nothing after, under the plan's id", async () => {
    const body = planBody({
      interval: 'year',
      intervalCount: 2,
      lengthDays: 730,
      priceSatang: 250_000,
      sort: 7,
    });
    const p = await created('/plans', body);
    expect((await api('DELETE', `/plans/${p.id}`)).statusCode).toBe(204);
    expect((await audit(p.id)).filter((e) => e.action === 'plan.delete')).toEqual([
      {
        action: 'plan.delete',
        actor_id: admin.id,
        entity: 'plan',
        entity_id: p.id,
        before: {
          code: body.code,
          nameTh: 'รายเดือนทดสอบ',
          nameEn: 'Test monthly',
          interval: 'year',
          intervalCount: 2,
          lengthDays: 730,
          priceSatang: 250_000,
          active: true,
          sort: 7,
        },
        after: null,
      },
    ]);
  });

  it('deletes a plan nobody used; a plan with an order or a subscription is kept (409 PLAN_IN_USE)', async () => {
    const unused = await created('/plans', planBody());
    expect((await api('DELETE', `/plans/${unused.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/plans/${unused.id}`)).statusCode).toBe(404);
    expect((await audit(unused.id)).map((e) => e.action)).toEqual(['plan.create', 'plan.delete']);

    const used = await created('/plans', planBody());
    const learner = await register(t.app);
    expect((await order(learner.access_token, used.code)).statusCode).toBe(201);
    const refused = await api('DELETE', `/plans/${used.id}`);
    expect({ status: refused.statusCode, code: refused.json().code }).toEqual({
      status: 409,
      code: 'PLAN_IN_USE',
    });
    expect((await api('GET', `/plans/${used.id}`)).statusCode).toBe(200);
  });
});

describe('promo codes', () => {
  it('creates one (audited) and refuses two discounts, an unknown plan, a window ending first, a taken code', async () => {
    const c = await created('/coupons', couponBody({ code: `Hello${tag()}` }));
    expect(c).toMatchObject({ percentOff: 10, amountOffSatang: null, redeemedCount: 0 });
    const bad: [Record<string, unknown>, number, string][] = [
      [{ amountOffSatang: 5_000 }, 400, 'VALIDATION_ERROR'],
      [{ percentOff: null }, 400, 'VALIDATION_ERROR'],
      [{ planCodes: ['no-such-plan'] }, 400, 'VALIDATION_ERROR'],
      [
        { validFrom: '2030-02-01T00:00:00+07:00', validTo: '2030-01-01T00:00:00+07:00' },
        400,
        'VALIDATION_ERROR',
      ],
      [{ code: c.code.toUpperCase() }, 409, 'VALUE_TAKEN'],
    ];
    for (const [over, status, code] of bad) {
      const res = await api('POST', '/coupons', couponBody(over));
      expect({ over, status: res.statusCode, code: res.json().code }).toEqual({ over, status, code });
    }
    expect((await audit(c.id)).map((e) => e.action)).toEqual(['coupon.create']);
    expect(
      (await api('GET', `/coupons?q=${c.code.slice(2)}`)).json().items.map((x: { id: string }) => x.id),
    ).toEqual([c.id]);
  });

  it('creating a promo code records no before, and after the fields it was given, under its id', async () => {
    const p = await created('/plans', planBody());
    const body = couponBody({
      percentOff: null,
      amountOffSatang: 7_500,
      planCodes: [p.code],
      validFrom: '2030-01-01T00:00:00+07:00',
      validTo: '2030-02-01T00:00:00+07:00',
      maxRedemptions: 40,
      oncePerLearner: false,
    });
    const c = await created('/coupons', body);
    expect(await audit(c.id)).toEqual([
      {
        action: 'coupon.create',
        actor_id: admin.id,
        entity: 'coupon',
        entity_id: c.id,
        before: null,
        after: {
          code: body.code,
          percentOff: null,
          amountOffSatang: 7_500,
          planCodes: [p.code],
          validFrom: '2029-12-31T17:00:00.000Z',
          validTo: '2030-01-31T17:00:00.000Z',
          maxRedemptions: 40,
          oncePerLearner: false,
          active: true,
        },
      },
    ]);
  });

  it("deleting a plan records each promo code it edits under the code's id, with all its fields before and after", async () => {
    const [gone, kept] = [await created('/plans', planBody()), await created('/plans', planBody())];
    const fields = (c: Record<string, unknown>) => {
      const { id: _i, redeemedCount: _r, createdAt: _t, version: _v, ...f } = c;
      return f;
    };
    const both = await created(
      '/coupons',
      couponBody({ planCodes: [gone.code, kept.code], maxRedemptions: 9 }),
    );
    const only = await created('/coupons', couponBody({ planCodes: [gone.code], percentOff: 25 }));
    const other = await created('/coupons', couponBody({ planCodes: [kept.code] }));
    expect((await api('DELETE', `/plans/${gone.id}`)).statusCode).toBe(204);
    const edit = (c: Record<string, unknown>, after: Record<string, unknown>) => ({
      action: 'coupon.update',
      actor_id: admin.id,
      entity: 'coupon',
      entity_id: c.id,
      before: fields(c),
      after: { ...fields(c), ...after },
    });
    expect((await audit(both.id)).slice(1)).toEqual([edit(both, { planCodes: [kept.code] })]);
    expect((await audit(only.id)).slice(1)).toEqual([edit(only, { planCodes: [], active: false })]);
    // The entries match the promo codes as they are now.
    for (const c of [both, only]) {
      const now = (await api('GET', `/coupons/${c.id}`)).json();
      expect((await audit(c.id)).at(-1)!.after).toEqual(fields(now));
    }
    expect((await audit(other.id)).map((e) => e.action)).toEqual(['coupon.create']);
  });

  it('deleting a plan takes its code out of the promo codes naming it (audited); one left with no plan is switched off', async () => {
    const [gone, kept] = [await created('/plans', planBody()), await created('/plans', planBody())];
    const both = await created('/coupons', couponBody({ planCodes: [gone.code, kept.code] }));
    const only = await created('/coupons', couponBody({ planCodes: [gone.code] }));
    expect((await api('DELETE', `/plans/${gone.id}`)).statusCode).toBe(204);
    const [b, o] = [
      (await api('GET', `/coupons/${both.id}`)).json(),
      (await api('GET', `/coupons/${only.id}`)).json(),
    ];
    expect(b).toMatchObject({ planCodes: [kept.code], active: true });
    expect(o).toMatchObject({ planCodes: [], active: false });
    expect((await audit(only.id)).at(-1)).toMatchObject({
      action: 'coupon.update',
      actor_id: admin.id,
      before: { planCodes: [gone.code], active: true },
      after: { planCodes: [], active: false },
    });
    // No administrator's edit: a form read before still saves, but does not put the deleted plan's code back.
    const back = await api('PATCH', `/coupons/${both.id}`, {
      planCodes: [gone.code, kept.code],
      version: both.version,
    });
    expect({ status: back.statusCode, body: back.json() }).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR', details: [{ path: 'planCodes.0' }] },
    });
    const off = await api('PATCH', `/coupons/${both.id}`, { active: false, version: both.version });
    expect({ status: off.statusCode, body: off.json() }).toMatchObject({
      status: 200,
      body: { active: false, planCodes: [kept.code] },
    });
  });

  it('a promo code naming a plan deleted earlier is still edited and switched off: only the plan codes an edit adds are checked', async () => {
    const plan = await created('/plans', planBody());
    const c = await created('/coupons', couponBody({ planCodes: [plan.code] }));
    // As deleting left it before codes were taken out of coupons.
    await t.db.$client.query(`update coupons set plan_codes = array['deleted-long-ago', $2] where id = $1`, [
      c.id,
      plan.code,
    ]);
    const off = await api('PATCH', `/coupons/${c.id}`, { active: false, version: c.version });
    expect({ status: off.statusCode, body: off.json() }).toMatchObject({
      status: 200,
      body: { active: false },
    });
    // The console's form sends every field, the codes it showed among them.
    const form = await api('PATCH', `/coupons/${c.id}`, {
      ...couponBody({ code: undefined, planCodes: ['deleted-long-ago', plan.code] }),
      version: off.json().version,
    });
    expect(form.statusCode, form.body).toBe(200);
    const added = await api('PATCH', `/coupons/${c.id}`, {
      planCodes: ['deleted-long-ago', plan.code, 'no-such-plan'],
      version: form.json().version,
    });
    expect({ status: added.statusCode, body: added.json() }).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR', details: [{ path: 'planCodes.2' }] },
    });
  });

  it('a plan deleted while promo codes are given its code at once: no code is left naming it, no server error', async () => {
    for (let round = 0; round < 5; round++) {
      const plan = await created('/plans', planBody());
      const list = await Promise.all(Array.from({ length: 8 }, () => created('/coupons', couponBody())));
      const [del, ...edits] = await Promise.all([
        api('DELETE', `/plans/${plan.id}`),
        ...list.map((c) => api('PATCH', `/coupons/${c.id}`, { planCodes: [plan.code], version: c.version })),
      ]);
      expect(del.statusCode, del.body).toBe(204);
      for (const e of edits) expect([200, 400], e.body).toContain(e.statusCode);
      const { rows } = await t.db.$client.query(`select id from coupons where $1 = any(plan_codes)`, [
        plan.code,
      ]);
      expect(rows).toEqual([]);
    }
  });

  it('lists its redemptions with the order and the learner; its cap cannot go below them', async () => {
    const p = await created('/plans', planBody());
    const c = await created('/coupons', couponBody({ planCodes: [p.code], maxRedemptions: 5 }));
    const learners = [await register(t.app), await register(t.app)];
    for (const l of learners) expect((await order(l.access_token, p.code, c.code)).statusCode).toBe(201);
    const page = (await api('GET', `/coupons/${c.id}/redemptions?order=asc`)).json();
    expect(page.total).toBe(2);
    expect(page.items.map((r: { user: { id: string } }) => r.user.id)).toEqual(
      learners.map((l) => l.user.id),
    );
    expect(page.items[0]).toMatchObject({ orderStatus: 'pending', discountSatang: 1_990 });
    const now = (await api('GET', `/coupons/${c.id}`)).json();
    expect(now.redeemedCount).toBe(2);
    const low = await api('PATCH', `/coupons/${c.id}`, { maxRedemptions: 1, version: now.version });
    expect({ status: low.statusCode, path: low.json().details[0].path }).toEqual({
      status: 400,
      path: 'maxRedemptions',
    });
  });

  it('an amount off replaces the percent; deactivating makes the checkout refuse the code', async () => {
    const p = await created('/plans', planBody());
    const c = await created('/coupons', couponBody());
    const amount = await api('PATCH', `/coupons/${c.id}`, { amountOffSatang: 2_500, version: c.version });
    expect(amount.json()).toMatchObject({ percentOff: null, amountOffSatang: 2_500 });
    const off = await api('PATCH', `/coupons/${c.id}`, { active: false, version: amount.json().version });
    expect(off.statusCode, off.body).toBe(200);
    const learner = await register(t.app);
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/quote',
      headers: bearer(learner.access_token),
      payload: { plan: p.code, cpc: c.code },
    });
    expect(quote.json().couponProblem).toBe('NOT_FOUND');
    expect((await audit(c.id)).map((e) => e.action)).toEqual([
      'coupon.create',
      'coupon.update',
      'coupon.update',
    ]);
  });

  it('learners redeeming the code meanwhile are no edit: the save based on the version read is not refused', async () => {
    const p = await created('/plans', planBody());
    const c = await created('/coupons', couponBody({ planCodes: [p.code], maxRedemptions: 100 }));
    const read = (await api('GET', `/coupons/${c.id}`)).json();
    // Orders take redemptions (five at once), and one gives its back (its learner opens another order).
    const learners = await Promise.all(Array.from({ length: 5 }, () => register(t.app)));
    const orders = await Promise.all(learners.map((l) => order(l.access_token, p.code, c.code)));
    expect(orders.map((o) => o.statusCode)).toEqual(Array(5).fill(201));
    expect((await order(learners[0]!.access_token, p.code)).statusCode).toBe(201);
    const now = (await api('GET', `/coupons/${c.id}`)).json();
    expect({ redeemed: now.redeemedCount, version: now.version }).toEqual({
      redeemed: 4,
      version: read.version,
    });
    const save = await api('PATCH', `/coupons/${c.id}`, { active: false, version: read.version });
    expect(save.statusCode, save.body).toBe(200);
    // An edit is a new version: a save based on the one before it is refused.
    expect(save.json().version).not.toBe(read.version);
    const stale = await api('PATCH', `/coupons/${c.id}`, { active: true, version: read.version });
    expect({ status: stale.statusCode, code: stale.json().code }).toEqual({
      status: 409,
      code: 'EDIT_CONFLICT',
    });
  });

  it('of many edits from one version at once exactly one is saved and audited; the rest get EDIT_CONFLICT', async () => {
    const c = await created('/coupons', couponBody());
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api('PATCH', `/coupons/${c.id}`, { percentOff: 5 + i, version: c.version }),
      ),
    );
    const won = results.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().code)).toEqual(
      Array(19).fill('EDIT_CONFLICT'),
    );
    expect((await api('GET', `/coupons/${c.id}`)).json().percentOff).toBe(won[0]!.json().percentOff);
    expect((await audit(c.id)).filter((e) => e.action === 'coupon.update')).toHaveLength(1);
  });

  it('orders redeeming while the cap is lowered: no server error, and the redemptions held match the count within the cap', async () => {
    const p = await created('/plans', planBody());
    const c = await created('/coupons', couponBody({ maxRedemptions: 10 }));
    const learners = await Promise.all(Array.from({ length: 10 }, () => register(t.app)));
    const [edit, ...orders] = await Promise.all([
      api('PATCH', `/coupons/${c.id}`, { maxRedemptions: 3, version: c.version }),
      ...learners.map((l) => order(l.access_token, p.code, c.code)),
    ]);
    expect([...orders.map((o) => o.statusCode), edit!.statusCode].filter((s) => s >= 500)).toEqual([]);
    const { rows } = await t.db.$client.query(
      `select max_redemptions, redeemed_count, (select count(*)::int from coupon_redemptions r where r.coupon_id = c.id) as held
         from coupons c where id = $1`,
      [c.id],
    );
    const row = rows[0];
    expect(row.redeemed_count).toBe(row.held);
    expect(row.redeemed_count).toBeLessThanOrEqual(row.max_redemptions);
    expect(row.max_redemptions).toBe(edit!.statusCode === 200 ? 3 : 10);
    expect(orders.filter((o) => o.statusCode === 201)).toHaveLength(row.redeemed_count);
  });
});
