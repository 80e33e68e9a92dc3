import { fireEvent, render, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS, nowSeconds } from '../../../lib/storage';
import { planFixture, stubContentService, subscriptionFixture, withApp } from '../../../test-content';
import { MembershipSection } from './MembershipSection';
import { ReceiptsSection } from './ReceiptsSection';

/** Annual, renewing automatically with the saved card 4242 on 15 January 2027 (2570 in the Buddhist era). */
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
const noTrial = { 'free-trial': { eligible: false, active: false, endsAt: null } };

/** Where the router is: the section's moves (the card page) show here. */
function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}
const section = () =>
  withApp(
    <Routes>
      <Route
        path="/account"
        element={
          <>
            <MembershipSection />
            <Where />
          </>
        }
      />
      <Route path="*" element={<Where />} />
    </Routes>,
    '/account',
  );
const called = (fetchMock: ReturnType<typeof stubContentService>, url: string) =>
  fetchMock.mock.calls.filter((c) => c[0] === url);

beforeEach(() => {
  localStorage.setItem(KEYS.token, 'access');
  localStorage.setItem(KEYS.refreshToken, 'refresh');
  localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('MembershipSection', () => {
  it('automatic renewal: the date, amount and card; cancel asks first and keeps access until the end; resume turns it on again', async () => {
    const fetchMock = stubContentService(
      {},
      {
        'my-subscription': renewing(),
        ...noTrial,
        'my-subscription/cancel': renewing({
          status: 'canceled',
          autoRenew: false,
          renewal: 'off',
          renewsAt: null,
          renewalAmountSatang: null,
        }),
        'my-subscription/resume': renewing(),
      },
    );
    render(section());
    const card = (await screen.findByRole('heading', { name: 'สมาชิก' })).closest('section')!;
    expect((await within(card).findByTestId('renewal-terms')).textContent).toBe(
      'ต่ออายุอัตโนมัติวันที่ 15 มกราคม 2570 ราคา ฿2,990 (บัตร •••• 4242)',
    );
    expect(within(card).getByText('รายปี')).toBeTruthy();
    expect(within(card).getByText('ใช้งานอยู่')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'เปลี่ยนบัตร' })).toBeTruthy();
    expect(within(card).queryByRole('alert')).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: 'ยกเลิกการต่ออายุ' }));
    const dialog = screen.getByRole('dialog', { name: 'ยกเลิกการต่ออายุอัตโนมัติ?' });
    expect(within(dialog).getByText(/คุณยังเรียนได้ทุกคอร์สจนถึง 15 มกราคม 2570/)).toBeTruthy();
    expect(called(fetchMock, '/api/my-subscription/cancel')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'ยกเลิกการต่ออายุ' }));
    await vi.waitFor(() =>
      expect(within(card).getByTestId('renewal-terms').textContent).toBe('สิ้นสุดวันที่ 15 มกราคม 2570'),
    );
    expect((called(fetchMock, '/api/my-subscription/cancel')[0]![1] as RequestInit).method).toBe('POST');
    expect(within(card).getByText('ปิดการต่ออายุแล้ว (ใช้ได้จนหมดระยะเวลา)')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'ยกเลิกการต่ออายุ' })).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: 'ต่ออายุอัตโนมัติอีกครั้ง' }));
    await vi.waitFor(() =>
      expect(within(card).getByTestId('renewal-terms').textContent).toMatch(/^ต่ออายุอัตโนมัติวันที่ 15 มกราคม 2570/),
    );
    expect((called(fetchMock, '/api/my-subscription/resume')[0]![1] as RequestInit).method).toBe('POST');
  });

  it('reminder (PromptPay or no card): ends on the date, we remind you, and a one-click renewal of the same plan', async () => {
    stubContentService(
      {},
      {
        'my-subscription': renewing({
          plan: planFixture('monthly'),
          renewal: 'reminder',
          renewsAt: null,
          renewalAmountSatang: null,
          card: null,
        }),
        ...noTrial,
      },
    );
    render(section());
    expect((await screen.findByTestId('renewal-terms')).textContent).toBe(
      'สิ้นสุดวันที่ 15 มกราคม 2570 เราจะแจ้งเตือนก่อนหมดอายุ 7 วันและ 1 วัน',
    );
    expect(screen.getByRole('link', { name: 'ต่ออายุตอนนี้' }).getAttribute('href')).toBe('/checkout/monthly');
    expect(screen.queryByRole('button', { name: 'เปลี่ยนบัตร' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'ยกเลิกการต่ออายุ' })).toBeNull();
  });

  it('a free trial: when it ends, nothing charged, and the plans', async () => {
    stubContentService(
      {},
      {
        'my-subscription': subscriptionFixture({
          plan: planFixture('trial'),
          status: 'trialing',
          currentPeriodEnd: '2026-11-27T03:00:00.000Z',
          renewal: 'off',
          card: null,
        }),
        ...noTrial,
      },
    );
    render(section());
    expect((await screen.findByTestId('renewal-terms')).textContent).toBe(
      'ทดลองเรียนฟรีสิ้นสุดวันที่ 27 พฤศจิกายน 2569 ไม่มีการตัดเงิน เลือกแพ็กเกจเพื่อเรียนต่อ',
    );
    expect(screen.getByRole('link', { name: 'ดูแพ็กเกจสมาชิก' }).getAttribute('href')).toBe('/pricing');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('in English: the Gregorian date and the card', async () => {
    localStorage.setItem(KEYS.lang, 'en');
    stubContentService({}, { 'my-subscription': renewing(), ...noTrial });
    render(section());
    expect((await screen.findByTestId('renewal-terms')).textContent).toBe(
      'Renews automatically on 15 January 2027 at ฿2,990 (card •••• 4242)',
    );
  });

  it('a failed renewal: a prominent alert with the grace end and the next attempt; "update card" opens the card session and goes where it says', async () => {
    const fetchMock = stubContentService(
      {},
      {
        'my-subscription': renewing({
          paymentFailed: true,
          graceUntil: '2027-01-22T00:00:00.000Z',
          nextAttemptAt: '2027-01-18T00:00:00.000Z',
        }),
        ...noTrial,
        'my-subscription/card-session': { redirectUrl: '/account/card' },
      },
    );
    render(section());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'ชำระค่าต่ออายุไม่สำเร็จ ใช้งานได้ถึง 22 มกราคม 2570 จะลองตัดบัตรอีกครั้ง 18 มกราคม 2570',
    );
    expect(screen.getByText('22 มกราคม 2570')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'อัปเดตบัตร' }));
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/account/card'));
    expect((called(fetchMock, '/api/my-subscription/card-session')[0]![1] as RequestInit).method).toBe(
      'POST',
    );
  });

  it('the last attempt failed: no next attempt, update the card to keep learning', async () => {
    stubContentService(
      {},
      {
        'my-subscription': renewing({ paymentFailed: true, graceUntil: '2027-01-22T00:00:00.000Z' }),
        ...noTrial,
      },
    );
    render(section());
    expect((await screen.findByRole('alert')).textContent).toContain(
      'ใช้งานได้ถึง 22 มกราคม 2570 จะไม่ลองตัดบัตรอีก อัปเดตบัตรเพื่อใช้งานต่อ',
    );
  });

  it('"change card" with Stripe leaves for the provider’s page (an absolute URL)', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    stubContentService(
      {},
      {
        'my-subscription': renewing(),
        ...noTrial,
        'my-subscription/card-session': { redirectUrl: 'https://billing.stripe.com/p/session/test_123' },
      },
    );
    render(section());
    fireEvent.click(await screen.findByRole('button', { name: 'เปลี่ยนบัตร' }));
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://billing.stripe.com/p/session/test_123'),
    );
    expect(screen.getByTestId('where').textContent).toBe('/account');
  });

  it('a card session that fails says why and stays', async () => {
    stubContentService({}, { 'my-subscription': renewing(), ...noTrial });
    render(section());
    fireEvent.click(await screen.findByRole('button', { name: 'เปลี่ยนบัตร' }));
    expect((await screen.findByRole('alert')).textContent).toBe('ไม่พบข้อมูลที่ต้องการ');
    expect(screen.getByTestId('where').textContent).toBe('/account');
  });

  it('without a plan: the way to the plans, and to the trial while it may be started', async () => {
    stubContentService(
      {},
      { 'my-subscription': null, 'free-trial': { eligible: true, active: false, endsAt: null } },
    );
    render(withApp(<MembershipSection />, '/account'));
    expect(await screen.findByText('คุณยังไม่ได้เป็นสมาชิก')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ดูแพ็กเกจสมาชิก' }).getAttribute('href')).toBe('/pricing');
    expect((await screen.findByRole('link', { name: 'ทดลองเรียนฟรี' })).getAttribute('href')).toBe(
      '/free-trial',
    );
  });
});

describe('ReceiptsSection', () => {
  it('lists receipts with number, date and total, linking to each', async () => {
    stubContentService(
      {},
      {
        'my-receipts': [
          { number: 'RC-2026-000007', issuedAt: '2026-11-20T03:00:00.000Z', totalSatang: 239_200 },
        ],
      },
    );
    render(withApp(<ReceiptsSection />, '/account'));
    const link = await screen.findByRole('link', { name: 'RC-2026-000007' });
    expect(link.getAttribute('href')).toBe('/account/receipts/RC-2026-000007');
    expect(screen.getByText('฿2,392')).toBeTruthy();
  });
});
