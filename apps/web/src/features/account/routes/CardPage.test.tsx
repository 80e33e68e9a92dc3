import { fireEvent, render, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS, nowSeconds } from '../../../lib/storage';
import { ToastProvider } from '../../../lib/toast';
import { planFixture, stubContentService, subscriptionFixture, withApp } from '../../../test-content';
import CardPage from './CardPage';

const renewing = (over: Parameters<typeof subscriptionFixture>[0] = {}) =>
  subscriptionFixture({
    renewal: 'automatic',
    renewsAt: '2027-01-15T00:00:00.000Z',
    renewalAmountSatang: 299_000,
    card: { brand: 'visa', last4: '4242' },
    paymentFailed: false,
    graceUntil: null,
    nextAttemptAt: null,
    ...over,
  });
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The card page, with the account page standing for itself (its toast shown) after a save. */
const page = () =>
  withApp(
    <ToastProvider>
      <Routes>
        <Route path="/account/card" element={<CardPage />} />
        <Route path="/account" element={<h1>account page</h1>} />
        <Route path="/pricing" element={<h1>pricing page</h1>} />
      </Routes>
    </ToastProvider>,
    '/account/card',
  );

/** The API, with `PUT /my-subscription/card` answered by `put` (each call in turn). */
function api(sub: unknown, ...put: Response[]) {
  const fetchMock = stubContentService({}, { 'my-subscription': sub });
  const plain = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) =>
    url === '/api/my-subscription/card' ? put.shift()! : plain(url, init),
  );
  return fetchMock;
}
const puts = (fetchMock: ReturnType<typeof api>) =>
  fetchMock.mock.calls.filter((c) => c[0] === '/api/my-subscription/card');

function fill(card: { number: string; expiry: string; cvc: string; name: string }) {
  fireEvent.change(screen.getByLabelText('หมายเลขบัตร'), { target: { value: card.number } });
  fireEvent.change(screen.getByLabelText('วันหมดอายุ (ดด/ปป)'), { target: { value: card.expiry } });
  fireEvent.change(screen.getByLabelText('รหัส CVC'), { target: { value: card.cvc } });
  fireEvent.change(screen.getByLabelText('ชื่อบนบัตร'), { target: { value: card.name } });
}
const good = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'MALEE' };

beforeEach(() => {
  localStorage.setItem(KEYS.token, 'access');
  localStorage.setItem(KEYS.refreshToken, 'refresh');
  localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the card page (/account/card)', () => {
  it('saves a test card with PUT and goes back to the account page with a toast', async () => {
    const fetchMock = api(renewing(), json(renewing({ card: { brand: 'visa', last4: '1881' } })));
    render(page());
    expect(await screen.findByRole('heading', { name: 'บัตรสำหรับต่ออายุอัตโนมัติ' })).toBeTruthy();
    expect(screen.getByText('บัตรปัจจุบัน: visa •••• 4242')).toBeTruthy();
    expect(screen.getByText('โหมดทดสอบ — ไม่มีการตัดเงินจริง')).toBeTruthy();
    fill(good);
    fireEvent.click(screen.getByRole('button', { name: 'บันทึกบัตร' }));
    expect(await screen.findByRole('heading', { name: 'account page' })).toBeTruthy();
    expect(screen.getByText('บันทึกบัตรแล้ว')).toBeTruthy();
    const [call] = puts(fetchMock);
    expect((call![1] as RequestInit).method).toBe('PUT');
    expect(JSON.parse(String((call![1] as RequestInit).body))).toEqual(good);
  });

  it('after a failed renewal: says the renewal is charged at once, and that it was paid', async () => {
    api(
      renewing({ paymentFailed: true, graceUntil: '2027-01-22T00:00:00.000Z' }),
      json(renewing({ renewsAt: '2028-01-15T00:00:00.000Z' })),
    );
    render(page());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'การต่ออายุครั้งล่าสุดไม่สำเร็จ เมื่อบันทึกบัตรใหม่ เราจะตัดค่าต่ออายุ ฿2,990 ทันที',
    );
    fill(good);
    fireEvent.click(screen.getByRole('button', { name: 'บันทึกบัตร' }));
    expect(await screen.findByText('บันทึกบัตรและชำระค่าต่ออายุแล้ว')).toBeTruthy();
  });

  it('a declined card (402) says so in Thai, stays, and may be tried again', async () => {
    const fetchMock = api(
      renewing(),
      json({ statusCode: 402, code: 'PAYMENT_DECLINED', message: 'The card was declined' }, 402),
      json(renewing()),
    );
    render(page());
    await screen.findByRole('heading', { name: 'บัตรสำหรับต่ออายุอัตโนมัติ' });
    fill({ ...good, number: '4000 0000 0000 0002' });
    fireEvent.click(screen.getByRole('button', { name: 'บันทึกบัตร' }));
    expect((await screen.findByRole('alert')).textContent).toBe('บัตรนี้ถูกปฏิเสธ กรุณาตรวจสอบข้อมูลหรือใช้บัตรอื่น');
    expect(screen.getByRole('heading', { name: 'บัตรสำหรับต่ออายุอัตโนมัติ' })).toBeTruthy();
    fill(good);
    fireEvent.click(screen.getByRole('button', { name: 'บันทึกบัตร' }));
    expect(await screen.findByRole('heading', { name: 'account page' })).toBeTruthy();
    expect(puts(fetchMock)).toHaveLength(2);
  });

  it('a card declined when charging the failed renewal says the renewal was not paid, and shows the card as it now is', async () => {
    const failed = renewing({ paymentFailed: true, graceUntil: '2027-01-22T00:00:00.000Z' });
    const fetchMock = api(
      failed,
      json({ statusCode: 402, code: 'PAYMENT_DECLINED', message: 'The card was declined' }, 402),
    );
    render(page());
    await screen.findByText('บัตรปัจจุบัน: visa •••• 4242');
    // The API keeps the card for the retries: the subscription is asked again.
    const plain = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) =>
      url === '/api/my-subscription'
        ? json({ ...failed, card: { brand: 'visa', last4: '0341' } })
        : plain(url, init),
    );
    fill({ ...good, number: '4000 0000 0000 0341' });
    fireEvent.click(screen.getByRole('button', { name: 'บันทึกบัตร' }));
    expect(await screen.findByText('ตัดค่าต่ออายุด้วยบัตรนี้ไม่สำเร็จ บัตรถูกปฏิเสธ กรุณาใช้บัตรอื่น')).toBeTruthy();
    expect(await screen.findByText('บัตรปัจจุบัน: visa •••• 0341')).toBeTruthy();
  });

  it('an expired card, declined by the API at its expiry, is said at that field', async () => {
    api(
      renewing(),
      json(
        {
          statusCode: 402,
          code: 'PAYMENT_DECLINED',
          message: 'The card has expired',
          details: [{ path: 'expiry', message: 'The card has expired' }],
        },
        402,
      ),
    );
    render(page());
    await screen.findByRole('heading', { name: 'บัตรสำหรับต่ออายุอัตโนมัติ' });
    fill({ ...good, expiry: '01/20' });
    fireEvent.click(screen.getByRole('button', { name: 'บันทึกบัตร' }));
    expect(await screen.findByText('บัตรนี้หมดอายุแล้ว')).toBeTruthy();
    expect(screen.getByLabelText('วันหมดอายุ (ดด/ปป)').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('วันหมดอายุ (ดด/ปป)'));
  });

  it('says each field’s problem at the field before sending, and the API’s field errors too', async () => {
    const fetchMock = api(
      renewing(),
      json(
        {
          statusCode: 400,
          code: 'VALIDATION_ERROR',
          message: 'invalid',
          details: [{ path: 'expiry', message: 'the card has expired' }],
        },
        400,
      ),
    );
    render(page());
    await screen.findByRole('heading', { name: 'บัตรสำหรับต่ออายุอัตโนมัติ' });
    fill({ number: '4242', expiry: '1230', cvc: '', name: 'MALEE' });
    fireEvent.click(screen.getByRole('button', { name: 'บันทึกบัตร' }));
    expect(screen.getByText('หมายเลขบัตรคือตัวเลข 12 ถึง 19 หลัก')).toBeTruthy();
    expect(screen.getByText('กรอกวันหมดอายุแบบ ดด/ปป เช่น 12/30')).toBeTruthy();
    expect(screen.getByText('กรุณากรอกช่องนี้')).toBeTruthy();
    expect(screen.getByLabelText('หมายเลขบัตร').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('ชื่อบนบัตร').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('หมายเลขบัตร'));
    expect(puts(fetchMock)).toHaveLength(0);

    fill({ ...good, expiry: '01/20' });
    fireEvent.click(screen.getByRole('button', { name: 'บันทึกบัตร' }));
    expect(await screen.findByText('กรอกวันหมดอายุแบบ ดด/ปป เช่น 12/30')).toBeTruthy();
    expect(screen.queryByText('หมายเลขบัตรคือตัวเลข 12 ถึง 19 หลัก')).toBeNull();
    expect(screen.getByLabelText('วันหมดอายุ (ดด/ปป)').getAttribute('aria-invalid')).toBe('true');
    expect(puts(fetchMock)).toHaveLength(1);
  });

  it('without a plan that renews by card: says so, and offers to load again and the plans', async () => {
    const fetchMock = api(subscriptionFixture({ plan: planFixture('trial'), status: 'trialing' }));
    render(page());
    expect(await screen.findByText('คุณไม่มีแพ็กเกจที่ต่ออายุด้วยบัตร')).toBeTruthy();
    expect(screen.queryByLabelText('หมายเลขบัตร')).toBeNull();
    expect(screen.getByRole('link', { name: 'ดูแพ็กเกจสมาชิก' }).getAttribute('href')).toBe('/pricing');
    const asked = fetchMock.mock.calls.filter((c) => c[0] === '/api/my-subscription').length;
    fireEvent.click(screen.getByRole('button', { name: 'ลองอีกครั้ง' }));
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.filter((c) => c[0] === '/api/my-subscription').length).toBe(asked + 1),
    );
  });
});
