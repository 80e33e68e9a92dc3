import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS } from '../../../lib/storage';
import { stubContentService, subscriptionFixture, withApp } from '../../../test-content';
import FreeTrialPage from './FreeTrialPage';
import RenewalPage from './RenewalPage';

const uid = '0190b2a4-7d3e-7c51-9a2b-1f4e5d6c7b8a';
/** The spec's cid: the user id, base64-encoded (written out, not computed). */
const CID = 'MDE5MGIyYTQtN2QzZS03YzUxLTlhMmItMWY0ZTVkNmM3Yjhh';
const offer = (checkoutUrl: string | null) => ({
  data: { title: 'ต่ออายุวันนี้ ลด 20%', body: 'เรียนต่อได้ทันที', image: null, checkoutUrl, cta: 'ต่ออายุเลย' },
});
beforeEach(() => {
  sessionStorage.clear();
  localStorage.setItem(KEYS.uid, uid);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const logIn = () => {
  localStorage.setItem(KEYS.token, 'access-1');
  localStorage.setItem(KEYS.refreshToken, 'refresh-1');
  localStorage.setItem(KEYS.tokenSavedTime, String(Math.floor(Date.now() / 1000)));
};
const subscription = (over: object) =>
  subscriptionFixture({ currentPeriodEnd: '2099-01-15T00:00:00.000Z', ...over });

describe('free-trial page follows the learner', () => {
  afterEach(() => localStorage.clear());
  it('eligible: the offer with its call to action to checkout', async () => {
    logIn();
    stubContentService(
      { 'free-trial': offer('/checkout/trial') },
      { 'free-trial': { eligible: true, active: false, endsAt: null }, 'my-subscription': null },
    );
    render(withApp(<FreeTrialPage />, '/free-trial'));
    const link = await screen.findByRole('link', { name: 'ต่ออายุเลย' });
    const href = new URL(link.getAttribute('href')!);
    expect(href.pathname).toBe('/checkout/trial');
    expect(href.searchParams.get('cid')).toBe(CID);
  });
  it('on the trial: until when, and the way to the courses', async () => {
    logIn();
    stubContentService(
      { 'free-trial': offer('/checkout/trial') },
      { 'free-trial': { eligible: false, active: true, endsAt: '2099-01-08T00:00:00.000Z' } },
    );
    render(withApp(<FreeTrialPage />, '/free-trial'));
    expect(await screen.findByText(/คุณกำลังทดลองเรียนฟรี ใช้ได้ถึง/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ไปที่คอร์สของฉัน' }).getAttribute('href')).toBe('/library');
    expect(screen.queryByRole('link', { name: 'ต่ออายุเลย' })).toBeNull();
  });
  it('trial used and no plan: says so and leads to the plans; a subscriber sees their membership', async () => {
    logIn();
    stubContentService(
      {},
      { 'free-trial': { eligible: false, active: false, endsAt: null }, 'my-subscription': null },
    );
    const { unmount } = render(withApp(<FreeTrialPage />, '/free-trial'));
    expect(await screen.findByText(/ใช้สิทธิ์ทดลองเรียนฟรีไปแล้ว/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ดูแพ็กเกจสมาชิก' }).getAttribute('href')).toBe('/pricing');
    unmount();
    stubContentService(
      {},
      { 'free-trial': { eligible: false, active: false, endsAt: null }, 'my-subscription': subscription({}) },
    );
    render(withApp(<FreeTrialPage />, '/free-trial'));
    expect(await screen.findByText(/คุณเป็นสมาชิกอยู่แล้ว/)).toBeTruthy();
  });
});

describe('free-trial and renewal pages', () => {
  it('renewal: the call to action goes to the checkout URL with cid and the page cpc', async () => {
    stubContentService({ renewal: offer('https://pay.example/renew?plan=annual') });
    render(withApp(<RenewalPage />, '/renewal?cpc=BACK20'));
    expect(await screen.findByRole('heading', { name: 'ต่ออายุวันนี้ ลด 20%' })).toBeTruthy();
    const href = new URL(screen.getByRole('link', { name: 'ต่ออายุเลย' }).getAttribute('href')!);
    expect(href.searchParams.get('plan')).toBe('annual');
    expect(href.searchParams.get('cid')).toBe(CID);
    expect(href.searchParams.get('cpc')).toBe('BACK20');
    expect(screen.getByText(/BACK20/)).toBeTruthy();
  });

  it('renewal: names the plan that ended', async () => {
    logIn();
    stubContentService(
      { renewal: offer('/checkout/annual') },
      {
        'my-subscription': null,
        'my-subscription/expired': [
          subscription({
            status: 'expired',
            givesAccess: false,
            currentPeriodEnd: '2026-10-01T00:00:00.000Z',
          }),
        ],
      },
    );
    render(withApp(<RenewalPage />, '/renewal?cpc=RENEW20'));
    expect(await screen.findByText(/แพ็กเกจรายปีของคุณหมดอายุเมื่อ/)).toBeTruthy();
    const href = new URL(screen.getByRole('link', { name: 'ต่ออายุเลย' }).getAttribute('href')!);
    expect(href.searchParams.get('cpc')).toBe('RENEW20');
    localStorage.clear();
  });

  it('free trial: cid only; a missing checkout URL is reported and says checkout is not open', async () => {
    stubContentService({ 'free-trial': offer(null) });
    render(withApp(<FreeTrialPage />, '/free-trial?cpc=IGNORED'));
    await screen.findByRole('heading', { name: 'ต่ออายุวันนี้ ลด 20%' });
    expect(screen.queryByRole('link', { name: 'ต่ออายุเลย' })).toBeNull();
    expect(screen.getByText(/ยังชำระเงินไม่ได้ในขณะนี้/)).toBeTruthy();
    expect(console.error).toHaveBeenCalledWith(expect.objectContaining({ message: 'Missing Checkout Url' }));
  });

  it('without the content service the page still renders in our words and goes to our checkout', async () => {
    stubContentService({});
    render(withApp(<FreeTrialPage />, '/free-trial'));
    expect(await screen.findByRole('heading', { name: 'ทดลองเรียนฟรี 7 วัน' })).toBeTruthy();
    const href = new URL(screen.getByRole('link', { name: 'เริ่มทดลองเรียนฟรี' }).getAttribute('href')!);
    expect(href.pathname).toBe('/checkout/trial');
    expect(href.searchParams.get('cid')).toBe(CID);
    expect(screen.queryByText(/ยังชำระเงินไม่ได้ในขณะนี้/)).toBeNull();
    expect(screen.getByRole('link', { name: 'ดูคอร์สทั้งหมด' })).toBeTruthy();
  });
});
