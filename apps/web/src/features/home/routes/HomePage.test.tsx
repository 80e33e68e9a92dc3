import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS, nowSeconds } from '../../../lib/storage';
import {
  courseFixture,
  planFixture,
  stubContentService,
  subscriptionFixture,
  withApp,
} from '../../../test-content';
import HomePage from './HomePage';

/* The home page as a visitor meets it (issue 33): the plans' prices, each with the way to its checkout. */
const plans = [planFixture('trial'), planFixture('monthly'), planFixture('annual')];
const featured = {
  total: 2,
  courses: [
    courseFixture({ id: 'c1', slug: 'a', title: 'ออมเงิน', free: true }),
    courseFixture({ id: 'c2', slug: 'b', title: 'หุ้น', rating: { average: 4.5, count: 8 } }),
  ],
};
const plansSection = () => screen.getByRole('region', { name: 'แพ็กเกจสมาชิก' });

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the home page: prices a visitor can see', () => {
  it("shows the trial, the monthly and the annual plans' prices from the plans on sale, the annual's saving, and each plan's checkout", async () => {
    stubContentService({}, { plans, 'courses?limit=3': featured });
    render(withApp(<HomePage />));
    const section = await screen.findByRole('region', { name: 'แพ็กเกจสมาชิก' });
    await within(section).findByText('฿299');
    const offers = within(section).getAllByRole('listitem');
    expect(offers.map((o) => o.querySelector('h3')?.textContent)).toEqual([
      'ทดลองเรียนฟรี 7 วัน',
      'รายเดือน',
      'รายปี',
    ]);
    expect(offers[0]!.textContent).toContain('ฟรี 7 วัน');
    expect(offers[1]!.textContent).toContain('฿299/เดือน');
    expect(offers[2]!.textContent).toContain('฿2,990/ปี');
    // 1 - 2,990 / (299 x 12) = 16.7 %.
    expect(offers[2]!.textContent).toContain('ประหยัดกว่ารายเดือน 17%');
    expect(offers[1]!.textContent).not.toContain('ประหยัด');
    const links = offers.map((o) => new URL(within(o).getByRole('link').getAttribute('href')!).pathname);
    expect(links).toEqual(['/checkout/trial', '/checkout/monthly', '/checkout/annual']);
    expect(within(section).getByRole('link', { name: 'ดูรายละเอียดแพ็กเกจทั้งหมด' }).getAttribute('href')).toBe(
      '/pricing',
    );
    // The featured courses carry their price words and rating too.
    expect(await screen.findByText('ฟรี')).toBeTruthy();
    expect(screen.getByText('4.5 จาก 5 (8 คะแนน)')).toBeTruthy();
  });

  it('says so when the plans cannot be loaded, and tries again', async () => {
    const fetchMock = stubContentService({}, { 'courses?limit=3': featured });
    render(withApp(<HomePage />));
    await within(await screen.findByRole('region', { name: 'แพ็กเกจสมาชิก' })).findByText(
      'โหลดราคาแพ็กเกจไม่สำเร็จ',
    );
    const asked = () => fetchMock.mock.calls.filter(([u]) => u === '/api/plans').length;
    const before = asked();
    fireEvent.click(within(plansSection()).getByRole('button', { name: 'ลองอีกครั้ง' }));
    await vi.waitFor(() => expect(asked()).toBeGreaterThan(before));
  });

  it('a member whose subscription gives access is not sold a plan', async () => {
    localStorage.setItem(KEYS.token, 'access-1');
    localStorage.setItem(KEYS.refreshToken, 'refresh-1');
    localStorage.setItem(KEYS.uid, '0190b2a4-7d3e-7c51-9a2b-1f4e5d6c7b8a');
    localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
    const fetchMock = stubContentService(
      {},
      { plans, 'courses?limit=3': featured, 'my-subscription': subscriptionFixture() },
    );
    render(withApp(<HomePage />));
    await screen.findByText('รวมอยู่ในสมาชิกของคุณ');
    expect(fetchMock.mock.calls.map(([u]) => u)).toContain('/api/my-subscription');
    expect(screen.queryByRole('region', { name: 'แพ็กเกจสมาชิก' })).toBeNull();
  });
});
