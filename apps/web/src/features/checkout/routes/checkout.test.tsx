import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../../lib/i18n';
import { KEYS, nowSeconds } from '../../../lib/storage';
import { planFixture, stubContentService, withApp } from '../../../test-content';
import CheckoutPage from './CheckoutPage';
import CheckoutResultPage from './CheckoutResultPage';
import PricingPage from './PricingPage';
import SandboxPayPage from './SandboxPayPage';

const uid = '0190b2a4-7d3e-7c51-9a2b-1f4e5d6c7b8a';
const plans = [planFixture('trial'), planFixture('monthly'), planFixture('annual')];
const quote = (over: object = {}) => ({
  plan: plans[2],
  subtotalSatang: 299_000,
  discountSatang: 59_800,
  totalSatang: 239_200,
  vatSatang: 15_649,
  coupon: { code: 'RENEW20', percentOff: 20, amountOffSatang: null },
  couponProblem: null,
  periodStart: '2026-11-20T03:00:00.000Z',
  periodEnd: '2027-11-20T03:00:00.000Z',
  creditDays: 0,
  ...over,
});
const order = (status: string, over: object = {}) => ({
  id: '0193aaaa-0000-7000-8000-000000000001',
  number: 'RR-202611-000042',
  plan: plans[2],
  status,
  subtotalSatang: 299_000,
  discountSatang: 0,
  totalSatang: 299_000,
  vatSatang: 19_561,
  couponCode: null,
  provider: 'sandbox',
  method: status === 'paid' ? 'card' : null,
  createdAt: '2026-11-20T03:00:00.000Z',
  expiresAt: '2026-11-20T04:00:00.000Z',
  paidAt: status === 'paid' ? '2026-11-20T03:01:00.000Z' : null,
  receiptNumber: status === 'paid' ? 'RC-2026-000007' : null,
  autoRenew: false,
  kind: 'checkout',
  ...over,
});
const me = {
  id: uid,
  email: 'malee@example.com',
  firstName: 'มาลี',
  lastName: 'รักเรียน',
  bought_annual: false,
};

const logIn = () => {
  localStorage.setItem(KEYS.token, 'access-1');
  localStorage.setItem(KEYS.refreshToken, 'refresh-1');
  localStorage.setItem(KEYS.uid, uid);
  localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
};
const at = (path: string) =>
  withApp(
    <Routes>
      <Route path="/pricing" element={<PricingPage />} />
      <Route path="/checkout/pay/:orderId" element={<SandboxPayPage />} />
      <Route path="/checkout/complete/:orderId" element={<CheckoutResultPage />} />
      <Route path="/checkout/:plan" element={<CheckoutPage />} />
    </Routes>,
    path,
  );
beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('pricing', () => {
  it('shows every plan in baht to a visitor, with the way to its checkout', async () => {
    stubContentService({}, { plans });
    render(at('/pricing'));
    expect(await screen.findByRole('heading', { name: 'รายปี' })).toBeTruthy();
    expect(screen.getByText('฿2,990')).toBeTruthy();
    expect(screen.getByText('฿299')).toBeTruthy();
    const annual = screen.getByRole('link', { name: 'เลือกแพ็กเกจรายปี' });
    expect(annual.getAttribute('href')).toMatch(/\/checkout\/annual$/);
    expect(screen.getByRole('link', { name: 'เริ่มทดลองเรียนฟรี' })).toBeTruthy();
  });
});

describe('checkout', () => {
  it('a visitor sees the price and logs in or registers back to this page', async () => {
    stubContentService({}, { plans });
    render(at('/checkout/annual?cpc=RENEW20'));
    expect(await screen.findByText('฿2,990')).toBeTruthy();
    const back = encodeURIComponent('/checkout/annual?cpc=RENEW20');
    expect(screen.getByRole('link', { name: 'เข้าสู่ระบบเพื่อชำระเงิน' }).getAttribute('href')).toBe(
      `/login?redirect=${back}`,
    );
    expect(screen.getByRole('link', { name: 'สมัครสมาชิกใหม่' }).getAttribute('href')).toBe(
      `/register?redirect=${back}`,
    );
  });

  it('shows the account, price, promo discount, total and VAT; pays and goes to the payment page', async () => {
    logIn();
    const fetchMock = stubContentService(
      {},
      {
        plans,
        auth: me,
        'checkout/quote': quote(),
        'checkout/orders': { order: order('pending'), redirectUrl: `/checkout/pay/${order('pending').id}` },
        [`checkout/sandbox/${order('pending').id}`]: {
          order: order('pending'),
          promptpay: { payload: '000201', qrSvg: '<svg></svg>' },
          testCards: [
            { number: '4242 4242 4242 4242', outcome: 'succeeds' },
            { number: '4000 0000 0000 0002', outcome: 'declined' },
          ],
        },
      },
    );
    render(at(`/checkout/annual?cid=${btoa(uid)}&cpc=RENEW20`));
    expect(await screen.findByText('(malee@example.com)')).toBeTruthy();
    const summary = (await screen.findByRole('heading', { name: 'สรุปคำสั่งซื้อ' })).closest('section')!;
    expect(await within(summary).findByText('ส่วนลด (RENEW20)')).toBeTruthy();
    expect(within(summary).getByTestId('checkout-total').textContent).toBe('฿2,392');
    expect(within(summary).getByText('รวมภาษีมูลค่าเพิ่ม 7% ฿156.49')).toBeTruthy();
    expect(screen.queryByText(/สร้างไว้สำหรับบัญชีอื่น/)).toBeNull();
    const quoteCall = fetchMock.mock.calls.find((c) => c[0] === '/api/checkout/quote')!;
    expect(JSON.parse(String((quoteCall[1] as RequestInit).body))).toEqual({
      plan: 'annual',
      cpc: 'RENEW20',
    });
    fireEvent.click(screen.getByRole('button', { name: 'ชำระเงิน ฿2,392' }));
    expect(await screen.findByRole('heading', { name: 'หน้าชำระเงินทดสอบ' })).toBeTruthy();
    const orderCall = fetchMock.mock.calls.find((c) => c[0] === '/api/checkout/orders')!;
    expect(JSON.parse(String((orderCall[1] as RequestInit).body))).toEqual({
      plan: 'annual',
      cpc: 'RENEW20',
      autoRenew: true,
    });
  });

  it('says why a promo code gives nothing, and does not send it with the order; warns about another account', async () => {
    logIn();
    const fetchMock = stubContentService(
      {},
      {
        plans,
        auth: me,
        'checkout/quote': quote({
          coupon: null,
          discountSatang: 0,
          totalSatang: 299_000,
          couponProblem: 'EXPIRED',
        }),
        'checkout/orders': { order: order('pending'), redirectUrl: '/checkout/pay/x' },
      },
    );
    render(at(`/checkout/annual?cid=${btoa('someone-else')}&cpc=OLD`));
    expect(await screen.findByText('โค้ดนี้หมดอายุแล้ว')).toBeTruthy();
    expect(screen.getByText(/ลิงก์นี้สร้างไว้สำหรับบัญชีอื่น/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ชำระเงิน ฿2,990' }));
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some((c) => c[0] === '/api/checkout/orders')).toBe(true),
    );
    const orderCall = fetchMock.mock.calls.find((c) => c[0] === '/api/checkout/orders')!;
    expect(JSON.parse(String((orderCall[1] as RequestInit).body))).toEqual({
      plan: 'annual',
      autoRenew: true,
    });
  });
});

describe('checkout when the plans cannot be loaded', () => {
  it('says why and offers to try again, which shows the price', async () => {
    const fetchMock = stubContentService({}, { plans });
    const answer = fetchMock.getMockImplementation()!;
    let down = true;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) =>
      down && url === '/api/plans'
        ? new Response(JSON.stringify({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'down' }), {
            status: 503,
            headers: { 'content-type': 'application/json' },
          })
        : answer(url, init),
    );
    // The app's client asks again twice first; this one says it at once.
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <I18nProvider>
          <MemoryRouter initialEntries={['/checkout/annual']}>
            <Routes>
              <Route path="/checkout/:plan" element={<CheckoutPage />} />
            </Routes>
          </MemoryRouter>
        </I18nProvider>
      </QueryClientProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('ระบบนี้ขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้งในอีกสักครู่');
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'ลองอีกครั้ง' }));
    expect(await screen.findByText('฿2,990')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('sandbox payment page', () => {
  it('a declined card says so and stays; a paid answer goes to the result page', async () => {
    logIn();
    const id = order('pending').id;
    const answers = {
      [`checkout/sandbox/${id}`]: {
        order: order('pending'),
        promptpay: { payload: '000201', qrSvg: '<svg data-qr="1"></svg>' },
        testCards: [
          { number: '4242 4242 4242 4242', outcome: 'succeeds' },
          { number: '4000 0000 0000 0002', outcome: 'declined' },
        ],
      },
      [`checkout/orders/${id}`]: order('paid'),
      'my-subscription': null,
    };
    const fetchMock = stubContentService({}, answers);
    const plain = fetchMock.getMockImplementation()!;
    let declined = true;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url === `/api/checkout/sandbox/${id}/card`) {
        if (declined) {
          declined = false;
          return new Response(
            JSON.stringify({ statusCode: 402, code: 'PAYMENT_DECLINED', message: 'declined' }),
            {
              status: 402,
              headers: { 'content-type': 'application/json' },
            },
          );
        }
        return new Response(JSON.stringify(order('paid')), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }
      return (plain as (u: string, i?: RequestInit) => Promise<Response>)(url, init);
    });
    render(at(`/checkout/pay/${id}`));
    expect(await screen.findByText('โหมดทดสอบ — ไม่มีการตัดเงินจริง')).toBeTruthy();
    expect(screen.getByRole('img', { name: /สแกน QR นี้/ })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('หมายเลขบัตร'), { target: { value: '4000 0000 0000 0002' } });
    fireEvent.change(screen.getByLabelText('วันหมดอายุ (ดด/ปป)'), { target: { value: '12/30' } });
    fireEvent.change(screen.getByLabelText('รหัส CVC'), { target: { value: '123' } });
    fireEvent.change(screen.getByLabelText('ชื่อบนบัตร'), { target: { value: 'MALEE' } });
    fireEvent.click(screen.getByRole('button', { name: 'ชำระ ฿2,990' }));
    expect(await screen.findByText(/บัตรถูกปฏิเสธ/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'หน้าชำระเงินทดสอบ' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ชำระ ฿2,990' }));
    expect(await screen.findByRole('heading', { name: 'ชำระเงินสำเร็จ ขอบคุณค่ะ' })).toBeTruthy();
  });
});

describe('result page', () => {
  it('waits while pending, then, paid, saves the tokens again so that boughtAnnual is stored', async () => {
    logIn();
    localStorage.setItem(KEYS.boughtAnnual, 'false');
    const id = order('pending').id;
    let polls = 0;
    const fetchMock = stubContentService({}, { 'my-subscription': null });
    const plain = fetchMock.getMockImplementation()!;
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url === `/api/checkout/orders/${id}`) return json(polls++ < 1 ? order('pending') : order('paid'));
      if (url === '/api/auth/refresh') return json({ access_token: 'access-2', refresh_token: 'refresh-2' });
      if (url === '/api/auth') return json({ ...me, bought_annual: true });
      return (plain as (u: string, i?: RequestInit) => Promise<Response>)(url, init);
    });
    render(at(`/checkout/complete/${id}`));
    expect(await screen.findByRole('heading', { name: 'กำลังรอยืนยันการชำระเงิน' })).toBeTruthy();
    expect(
      await screen.findByRole('heading', { name: 'ชำระเงินสำเร็จ ขอบคุณค่ะ' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ดูใบเสร็จ' }).getAttribute('href')).toBe(
      '/account/receipts/RC-2026-000007',
    );
    await vi.waitFor(() => expect(localStorage.getItem(KEYS.boughtAnnual)).toBe('true'));
    expect(localStorage.getItem(KEYS.token)).toBe('access-2');
  });
});

describe('what happens at the end of the period (automatic renewal or once)', () => {
  const started = { order: order('pending'), redirectUrl: `/checkout/pay/${order('pending').id}` };
  const orderBody = (fetchMock: ReturnType<typeof stubContentService>) =>
    JSON.parse(
      String((fetchMock.mock.calls.find((c) => c[0] === '/api/checkout/orders')![1] as RequestInit).body),
    );

  it('renews automatically by default: the date in the Buddhist era and the plan’s price (not the discounted total), sent as autoRenew', async () => {
    logIn();
    const fetchMock = stubContentService(
      {},
      { plans, auth: me, 'checkout/quote': quote(), 'checkout/orders': started },
    );
    render(at('/checkout/annual?cpc=RENEW20'));
    const auto = await screen.findByRole('radio', { name: /ต่ออายุอัตโนมัติด้วยบัตร/ });
    expect((auto as HTMLInputElement).checked).toBe(true);
    expect((await screen.findByTestId('renewal-terms')).textContent).toBe(
      'ต่ออายุอัตโนมัติวันที่ 20 พฤศจิกายน 2570 ราคา ฿2,990 ยกเลิกได้ทุกเมื่อ',
    );
    expect(screen.queryByTestId('renewal-credit')).toBeNull();
    expect(screen.getByText('ชำระด้วยบัตรเครดิต/เดบิต บัตรนี้จะใช้ต่ออายุอัตโนมัติ')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ชำระเงิน ฿2,392' }));
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some((c) => c[0] === '/api/checkout/orders')).toBe(true),
    );
    expect(orderBody(fetchMock)).toEqual({ plan: 'annual', cpc: 'RENEW20', autoRenew: true });
  });

  it('paying once ends on the date with a reminder, and sends autoRenew false', async () => {
    logIn();
    const fetchMock = stubContentService(
      {},
      { plans, auth: me, 'checkout/quote': quote(), 'checkout/orders': started },
    );
    render(at('/checkout/annual'));
    fireEvent.click(await screen.findByRole('radio', { name: /ชำระครั้งเดียว \(บัตรหรือพร้อมเพย์\)/ }));
    expect((await screen.findByTestId('renewal-terms')).textContent).toBe(
      'สิ้นสุดวันที่ 20 พฤศจิกายน 2570 เราจะแจ้งเตือนก่อนหมดอายุ',
    );
    expect(screen.getByText('ชำระด้วยบัตรเครดิต/เดบิต หรือพร้อมเพย์')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: /^ชำระเงิน ฿/ }));
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some((c) => c[0] === '/api/checkout/orders')).toBe(true),
    );
    expect(orderBody(fetchMock).autoRenew).toBe(false);
  });

  it('credits the days left of the running plan and says when the new period starts', async () => {
    logIn();
    stubContentService(
      {},
      {
        plans,
        auth: me,
        'checkout/quote': quote({
          periodStart: '2026-12-02T03:00:00.000Z',
          periodEnd: '2027-12-02T03:00:00.000Z',
          creditDays: 12,
        }),
      },
    );
    render(at('/checkout/annual'));
    expect((await screen.findByTestId('renewal-credit')).textContent).toBe(
      'วันที่เหลือ 12 วันของแพ็กเกจปัจจุบันไม่สูญเปล่า: ระยะเวลาใหม่เริ่มวันที่ 2 ธันวาคม 2569 เมื่อแพ็กเกจปัจจุบันสิ้นสุด',
    );
    expect(screen.getByTestId('renewal-terms').textContent).toBe(
      'ต่ออายุอัตโนมัติวันที่ 2 ธันวาคม 2570 ราคา ฿2,990 ยกเลิกได้ทุกเมื่อ',
    );
  });

  it('in English: the Gregorian calendar, both sentences and the credited days', async () => {
    logIn();
    localStorage.setItem(KEYS.lang, 'en');
    stubContentService(
      {},
      {
        plans,
        auth: me,
        'checkout/quote': quote({ plan: plans[1], periodStart: '2026-12-02T03:00:00.000Z', creditDays: 1 }),
      },
    );
    render(at('/checkout/monthly'));
    expect((await screen.findByTestId('renewal-terms')).textContent).toBe(
      'Renews automatically on 20 November 2027 at ฿299; cancel any time',
    );
    expect(screen.getByTestId('renewal-credit').textContent).toBe(
      'The 1 day left of your current plan is credited: the new period starts on 2 December 2026, when the current one ends.',
    );
    fireEvent.click(screen.getByRole('radio', { name: /Pay once \(card or PromptPay\)/ }));
    expect(screen.getByTestId('renewal-terms').textContent).toBe(
      'Ends on 20 November 2027; we will remind you',
    );
  });

  it('nothing to pay (a 100% promo code): no card to renew with, so no choice, and autoRenew false', async () => {
    logIn();
    const fetchMock = stubContentService(
      {},
      {
        plans,
        auth: me,
        'checkout/quote': quote({ discountSatang: 299_000, totalSatang: 0, vatSatang: 0 }),
        'checkout/orders': started,
      },
    );
    render(at('/checkout/annual?cpc=FREE100'));
    expect(await screen.findByText('ไม่มียอดที่ต้องชำระ จึงไม่มีบัตรสำหรับต่ออายุอัตโนมัติ')).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByTestId('renewal-terms').textContent).toBe(
      'สิ้นสุดวันที่ 20 พฤศจิกายน 2570 เราจะแจ้งเตือนก่อนหมดอายุ',
    );
    fireEvent.click(screen.getByRole('button', { name: 'รับสิทธิ์ (ไม่มีค่าใช้จ่าย)' }));
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some((c) => c[0] === '/api/checkout/orders')).toBe(true),
    );
    expect(orderBody(fetchMock).autoRenew).toBe(false);
  });
});

describe('sandbox payment page of an order that renews automatically', () => {
  it('offers cards only and says why not PromptPay, with the renewal sentence and the card that declines at renewal', async () => {
    logIn();
    const pending = order('pending', { autoRenew: true });
    const fetchMock = stubContentService(
      {},
      {
        [`checkout/sandbox/${pending.id}`]: {
          order: pending,
          promptpay: { payload: '000201', qrSvg: '<svg data-qr="1"></svg>' },
          testCards: [
            { number: '4242 4242 4242 4242', outcome: 'succeeds' },
            { number: '4000 0000 0000 0002', outcome: 'declined' },
            { number: '4000 0000 0000 0341', outcome: 'renewal-declines' },
          ],
        },
        'checkout/quote': quote({ coupon: null, discountSatang: 0, totalSatang: 299_000 }),
        [`checkout/sandbox/${pending.id}/card`]: order('paid', { autoRenew: true }),
        [`checkout/orders/${pending.id}`]: order('paid', { autoRenew: true }),
        'my-subscription': null,
      },
    );
    render(at(`/checkout/pay/${pending.id}`));
    expect(await screen.findByRole('heading', { name: 'พร้อมเพย์ต่ออายุอัตโนมัติไม่ได้' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: /สแกน QR นี้/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'จำลองการชำระผ่านแอปธนาคาร' })).toBeNull();
    expect(screen.getByText(/ต้องยืนยันในแอปธนาคารทุกครั้ง/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'กลับไปเลือกชำระครั้งเดียว' }).getAttribute('href')).toBe(
      '/checkout/annual',
    );
    expect((await screen.findByTestId('renewal-terms')).textContent).toBe(
      'ต่ออายุอัตโนมัติวันที่ 20 พฤศจิกายน 2570 ราคา ฿2,990 ยกเลิกได้ทุกเมื่อ',
    );
    const cards = within(screen.getByRole('list', { name: 'บัตรทดสอบ' }));
    expect(cards.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '4242 4242 4242 4242: ชำระสำเร็จ และต่ออายุสำเร็จ',
      '4000 0000 0000 0002: ถูกปฏิเสธทันที',
      '4000 0000 0000 0341: ชำระสำเร็จตอนนี้ แต่ถูกปฏิเสธเมื่อถึงรอบต่ออายุ (ใช้ทดลองการต่ออายุไม่สำเร็จ)',
    ]);
    // A field left wrong is said at the field, and nothing is sent.
    fireEvent.change(screen.getByLabelText('หมายเลขบัตร'), { target: { value: '4242 4242 4242 4242' } });
    fireEvent.change(screen.getByLabelText('วันหมดอายุ (ดด/ปป)'), { target: { value: '13/30' } });
    fireEvent.change(screen.getByLabelText('รหัส CVC'), { target: { value: '123' } });
    fireEvent.change(screen.getByLabelText('ชื่อบนบัตร'), { target: { value: 'MALEE' } });
    fireEvent.click(screen.getByRole('button', { name: 'ชำระ ฿2,990' }));
    expect(await screen.findByText('กรอกวันหมดอายุแบบ ดด/ปป เช่น 12/30')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('วันหมดอายุ (ดด/ปป)'));
    expect(fetchMock.mock.calls.some((c) => c[0] === `/api/checkout/sandbox/${pending.id}/card`)).toBe(false);
    fireEvent.change(screen.getByLabelText('วันหมดอายุ (ดด/ปป)'), { target: { value: '12/30' } });
    fireEvent.click(screen.getByRole('button', { name: 'ชำระ ฿2,990' }));
    expect(await screen.findByRole('heading', { name: 'ชำระเงินสำเร็จ ขอบคุณค่ะ' })).toBeTruthy();
  });

  it('an order paid once lists no renewal card and offers PromptPay', async () => {
    logIn();
    const pending = order('pending');
    stubContentService(
      {},
      {
        [`checkout/sandbox/${pending.id}`]: {
          order: pending,
          promptpay: { payload: '000201', qrSvg: '<svg></svg>' },
          testCards: [
            { number: '4242 4242 4242 4242', outcome: 'succeeds' },
            { number: '4000 0000 0000 0341', outcome: 'renewal-declines' },
          ],
        },
        'checkout/quote': quote(),
      },
    );
    render(at(`/checkout/pay/${pending.id}`));
    expect(await screen.findByRole('img', { name: /สแกน QR นี้/ })).toBeTruthy();
    expect((await screen.findByTestId('renewal-terms')).textContent).toBe(
      'สิ้นสุดวันที่ 20 พฤศจิกายน 2570 เราจะแจ้งเตือนก่อนหมดอายุ',
    );
    expect(screen.queryByText(/0341/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'พร้อมเพย์ต่ออายุอัตโนมัติไม่ได้' })).toBeNull();
  });
});
