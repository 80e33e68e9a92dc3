import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS } from '../../../lib/storage';
import { stubContentService, withApp } from '../../../test-content';
import FreeTrialPage from './FreeTrialPage';
import RenewalPage from './RenewalPage';

const uid = '0190b2a4-7d3e-7c51-9a2b-1f4e5d6c7b8a';
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

describe('free-trial and renewal pages', () => {
  it('renewal: the call to action goes to the checkout URL with cid and the page cpc', async () => {
    stubContentService({ renewal: offer('https://pay.example/renew?plan=annual') });
    render(withApp(<RenewalPage />, '/renewal?cpc=BACK20'));
    expect(await screen.findByRole('heading', { name: 'ต่ออายุวันนี้ ลด 20%' })).toBeTruthy();
    const href = new URL(screen.getByRole('link', { name: 'ต่ออายุเลย' }).getAttribute('href')!);
    expect(href.searchParams.get('plan')).toBe('annual');
    expect(href.searchParams.get('cid')).toBe(btoa(uid));
    expect(href.searchParams.get('cpc')).toBe('BACK20');
    expect(screen.getByText(/BACK20/)).toBeTruthy();
  });

  it('free trial: cid only; a missing checkout URL is reported and says checkout is not open', async () => {
    stubContentService({ 'free-trial': offer(null) });
    render(withApp(<FreeTrialPage />, '/free-trial?cpc=IGNORED'));
    await screen.findByRole('heading', { name: 'ต่ออายุวันนี้ ลด 20%' });
    expect(screen.queryByRole('link', { name: 'ต่ออายุเลย' })).toBeNull();
    expect(screen.getByText(/ยังชำระเงินไม่ได้ในขณะนี้/)).toBeTruthy();
    expect(console.error).toHaveBeenCalledWith(expect.objectContaining({ message: 'Missing Checkout Url' }));
  });

  it('without the content service the page still renders in our words', async () => {
    stubContentService({});
    render(withApp(<FreeTrialPage />, '/free-trial'));
    expect(await screen.findByRole('heading', { name: 'ทดลองเรียนฟรี 7 วัน' })).toBeTruthy();
    expect(screen.getByText(/ยังชำระเงินไม่ได้ในขณะนี้/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ดูคอร์สทั้งหมด' })).toBeTruthy();
  });
});
