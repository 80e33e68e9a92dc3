import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS, nowSeconds } from '../../../lib/storage';
import { stubContentService, subscriptionFixture, withApp } from '../../../test-content';
import { MembershipSection } from './MembershipSection';
import { ReceiptsSection } from './ReceiptsSection';

const sub = subscriptionFixture;

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
  it('shows the plan, its status and end; turning renewal off asks first, then says it is off', async () => {
    const fetchMock = stubContentService(
      {},
      {
        'my-subscription': sub(),
        'free-trial': { eligible: false, active: false, endsAt: null },
        'my-subscription/cancel': sub({ status: 'canceled', autoRenew: false }),
      },
    );
    render(withApp(<MembershipSection />, '/account'));
    const section = (await screen.findByRole('heading', { name: 'สมาชิก' })).closest('section')!;
    expect(await within(section).findByText('รายปี')).toBeTruthy();
    expect(within(section).getByText('ใช้งานอยู่')).toBeTruthy();
    expect(within(section).getByText('15 มกราคม 2570')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'ปิดการต่ออายุ' }));
    const dialog = screen.getByRole('dialog', { name: 'ปิดการต่ออายุ?' });
    expect(fetchMock.mock.calls.some((c) => c[0] === '/api/my-subscription/cancel')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'ปิดการต่ออายุ' }));
    expect(await within(section).findByText('ปิดการต่ออายุแล้ว (ใช้ได้จนหมดระยะเวลา)')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'เปิดการต่ออายุอีกครั้ง' })).toBeTruthy();
    const cancel = fetchMock.mock.calls.find((c) => c[0] === '/api/my-subscription/cancel')!;
    expect((cancel[1] as RequestInit).method).toBe('POST');
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
