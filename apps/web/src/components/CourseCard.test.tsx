import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS, nowSeconds } from '../lib/storage';
import {
  courseFixture,
  planFixture,
  stubContentService,
  subscriptionFixture,
  withApp,
} from '../test-content';
import { CourseCard } from './CourseCard';

/*
 * A course card as a visitor reads it (issue 33): what the course costs, from the plans on sale, and its
 * rating when the API gives one. The server's catalogue says the same words (apps/api page-words.ts).
 */
const plans = [planFixture('trial'), planFixture('monthly'), planFixture('annual')];
const paid = courseFixture({ id: 'c1', slug: 'stocks', title: 'หุ้นมือใหม่' });
const free = courseFixture({ id: 'c2', slug: 'saving', title: 'ออมเงิน', free: true });

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a course card: what it costs', () => {
  it("a free course says free; a members' course the cheapest monthly price, from the plans on sale", async () => {
    stubContentService({}, { plans });
    render(withApp(<CourseCard course={free} />));
    expect(screen.getByText('ฟรี')).toBeTruthy();
    render(withApp(<CourseCard course={paid} />));
    expect(await screen.findByText('สำหรับสมาชิก · เริ่มต้น ฿299/เดือน')).toBeTruthy();
  });

  it('follows the plans, never a number of its own: another monthly price, another word', async () => {
    stubContentService(
      {},
      { plans: [{ ...planFixture('monthly'), priceSatang: 19_950 }, planFixture('annual')] },
    );
    render(withApp(<CourseCard course={paid} />));
    expect(await screen.findByText('สำหรับสมาชิก · เริ่มต้น ฿199.50/เดือน')).toBeTruthy();
  });

  it('in English', async () => {
    localStorage.setItem(KEYS.lang, 'en');
    stubContentService({}, { plans });
    render(withApp(<CourseCard course={paid} />));
    expect(await screen.findByText('For members · from ฿299/month')).toBeTruthy();
    render(withApp(<CourseCard course={free} />));
    expect(screen.getByText('Free')).toBeTruthy();
  });

  it('without the plans (not come, failed, or none monthly) it says "for members" and no price', async () => {
    const fetchMock = stubContentService({}, {});
    render(withApp(<CourseCard course={paid} />));
    expect(screen.getByText('สำหรับสมาชิก')).toBeTruthy();
    await vi.waitFor(() => expect(fetchMock.mock.calls.map(([u]) => u)).toContain('/api/plans'));
    expect(screen.getByText('สำหรับสมาชิก')).toBeTruthy();
    expect(screen.queryByText(/฿/)).toBeNull();
  });

  it('a member whose subscription opens it reads that it is included, not the price', async () => {
    localStorage.setItem(KEYS.token, 'access-1');
    localStorage.setItem(KEYS.refreshToken, 'refresh-1');
    localStorage.setItem(KEYS.uid, '0190b2a4-7d3e-7c51-9a2b-1f4e5d6c7b8a');
    localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
    stubContentService({}, { plans, 'my-subscription': subscriptionFixture() });
    render(withApp(<CourseCard course={paid} />));
    expect(await screen.findByText('รวมอยู่ในสมาชิกของคุณ')).toBeTruthy();
    expect(screen.queryByText(/฿/)).toBeNull();
  });
});

describe('a course card: its rating', () => {
  it('shows the average out of 5 and the number of ratings in words, and stars filled to the average', () => {
    stubContentService({}, { plans });
    const { container } = render(
      withApp(<CourseCard course={{ ...paid, rating: { average: 4.6, count: 23 } }} />),
    );
    expect(screen.getByText('4.6 จาก 5 (23 คะแนน)')).toBeTruthy();
    const fill = container.querySelector<HTMLElement>('[aria-hidden="true"] [style]');
    expect(fill?.style.width).toBe('92%');
  });

  it('a whole average keeps its decimal, a large count its separators; in English the plural agrees', () => {
    localStorage.setItem(KEYS.lang, 'en');
    stubContentService({}, { plans });
    render(withApp(<CourseCard course={{ ...paid, rating: { average: 4, count: 1234 } }} />));
    expect(screen.getByText('4.0 out of 5 (1,234 ratings)')).toBeTruthy();
  });

  it('shows nothing of a rating not shown yet (null: too few ratings) or not given', () => {
    stubContentService({}, { plans });
    render(withApp(<CourseCard course={{ ...paid, rating: null }} />));
    render(withApp(<CourseCard course={free} />));
    expect(screen.queryByText(/จาก 5/)).toBeNull();
  });
});

describe("a course card's cover (issue 36: a small image on a slow phone)", () => {
  const uploaded = '/api/media/covers/0193a3b2-1111-7000-8000-000000000000/0123456789abcdef';
  const img = (container: HTMLElement) => container.querySelector('img')!;

  it("an uploaded cover offers its WebP copies by width, with the card's size and its own box", () => {
    stubContentService({}, { plans });
    const { container } = render(
      withApp(<CourseCard course={{ ...paid, coverImage: `${uploaded}-720.webp` }} />),
    );
    const cover = img(container);
    expect(cover.getAttribute('src')).toBe(`${uploaded}-720.webp`);
    expect(cover.getAttribute('srcset')).toBe(
      `${uploaded}-360.webp 360w, ${uploaded}-720.webp 720w, ${uploaded}-1280.webp 1280w`,
    );
    expect(cover.getAttribute('sizes')).toBe(
      '(min-width: 1024px) 360px, (min-width: 640px) 50vw, calc(100vw - 2rem)',
    );
    expect([cover.getAttribute('width'), cover.getAttribute('height')]).toEqual(['320', '180']);
    // Below the first card: fetched when near.
    expect(cover.getAttribute('loading')).toBe('lazy');
    expect(cover.getAttribute('fetchpriority')).toBeNull();
  });

  it('the first card of a list is fetched at once, first; a drawn SVG cover has no copies', () => {
    stubContentService({}, { plans });
    const { container } = render(
      withApp(<CourseCard course={{ ...paid, coverImage: '/covers/stocks.svg' }} priority />),
    );
    const cover = img(container);
    expect(cover.getAttribute('fetchpriority')).toBe('high');
    expect(cover.getAttribute('loading')).toBeNull();
    expect(cover.getAttribute('srcset')).toBeNull();
    expect(cover.getAttribute('sizes')).toBeNull();
  });
});
