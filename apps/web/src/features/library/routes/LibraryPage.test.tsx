import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS } from '../../../lib/storage';
import { stubContentService, withApp } from '../../../test-content';
import LibraryPage from './LibraryPage';
import { courseFixture } from '../../../test-content';

const uid = '0190b2a4-7d3e-7c51-9a2b-1f4e5d6c7b8a';
const user = (boughtAnnual: boolean) => ({
  id: uid,
  email: 'a@example.com',
  firstName: 'สมชาย',
  lastName: 'ใจดี',
  displayName: '',
  profile_image: null,
  bought_annual: boughtAnnual,
});
const image = { url: '/uploads/b.png', alternativeText: null, width: 1600, height: 400 };
const content = {
  'library-banners': {
    data: [
      { documentId: 'old', image, alt: 'หมดเวลาแล้ว', link: null, order: 0, endsAt: '2020-01-01T00:00:00Z' },
      { documentId: 'b2', image, alt: 'แบนเนอร์ที่สอง', link: '/courses', order: 2 },
      { documentId: 'b1', image, alt: 'แบนเนอร์แรก', link: null, order: 1 },
    ],
  },
  'annual-promotion': {
    data: {
      title: 'รายปีลด 20%',
      body: null,
      priceText: '2,990 บาท',
      image: null,
      checkoutUrl: '/subscribe?plan=annual',
    },
  },
};

beforeEach(() => {
  sessionStorage.clear();
  localStorage.setItem(KEYS.token, 'access');
  localStorage.setItem(KEYS.tokenSavedTime, String(Math.floor(Date.now() / 1000)));
  localStorage.setItem(KEYS.uid, uid);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('library with the editors content', () => {
  it('shows the live banners in order and the annual offer to a learner without the annual plan', async () => {
    stubContentService(content, { auth: user(false) });
    render(withApp(<LibraryPage />, '/library'));
    const offer = await screen.findByRole('region', { name: 'ข้อเสนอสมาชิกรายปี' });
    expect(offer.textContent).toContain('รายปีลด 20%');
    const href = new URL(screen.getByRole('link', { name: 'สมัครสมาชิกรายปี' }).getAttribute('href')!);
    expect(href.pathname + href.searchParams.get('plan')).toBe('/subscribeannual');
    expect(href.searchParams.get('cid')).toBe(btoa(uid));
    const carousel = screen.getByRole('region', { name: 'โปรโมชันและข่าวสาร' });
    expect(Array.from(carousel.querySelectorAll('img')).map((i) => i.alt)).toEqual([
      'แบนเนอร์แรก',
      'แบนเนอร์ที่สอง',
    ]);
  });

  it('shows no annual offer to an annual member', async () => {
    stubContentService(content, { auth: user(true) });
    render(withApp(<LibraryPage />, '/library'));
    await screen.findByRole('region', { name: 'โปรโมชันและข่าวสาร' });
    await screen.findByText(/สวัสดี สมชาย/);
    expect(screen.queryByRole('region', { name: 'ข้อเสนอสมาชิกรายปี' })).toBeNull();
  });
});

describe('library with completed courses', () => {
  const course = {
    ...courseFixture({
      id: '0190b2a4-7d3e-7c51-9a2b-0000000000c1',
      slug: 'stocks',
      title: 'ลงทุนหุ้นไทย',
      episodeCount: 2,
      totalDurationSeconds: 600,
    }),
  };

  it('offers review and the certificate for a completed course, and "ดูต่อ" nowhere for it', async () => {
    stubContentService(
      {},
      {
        auth: user(true),
        'users/last-watched-episode': { course, episode: { id: 'e2', title: 'ตอนจบ' }, last_second: 30 },
        'users/my-course': [
          {
            ...course,
            courseFinishPercentage: 100,
            lastWatchedEpisodeId: 'e2',
            lastWatchedAt: '2025-03-15T05:00:00Z',
            completed: true,
            testsTotal: 2,
            testsPassed: 2,
            certificateCode: 'ABCD2345EFGH',
          },
        ],
      },
    );
    render(withApp(<LibraryPage />, '/library'));
    const certificate = await screen.findByRole('link', { name: 'ดูใบประกาศ: ลงทุนหุ้นไทย' });
    expect(certificate.getAttribute('href')).toBe('/library/course/stocks/certificate');
    expect(screen.getByText('เรียนจบแล้ว')).toBeTruthy();
    expect(screen.getByText('ผ่านแบบทดสอบ 2/2')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ทบทวน' }).getAttribute('href')).toBe(
      '/library/course/stocks/episode/e2',
    );
    expect(screen.queryByRole('link', { name: /ดูต่อ/ })).toBeNull();
  });
});

describe('library rows', () => {
  const course = (id: string, title: string) =>
    courseFixture({ id: `0190b2a4-7d3e-7c51-9a2b-0000000000${id}`, slug: `c-${id}`, title });
  const last = course('a1', 'ออมเงินฉบับเริ่มต้น');

  it("shows the organisation's picks, what was watched with my last course, my tags and the categories", async () => {
    const fetchMock = stubContentService(
      {},
      {
        auth: user(false),
        'users/last-watched-episode': {
          course: last,
          episode: { id: 'e1', title: 'ตอนแรก' },
          last_second: 30,
        },
        'users/organization-recommend-course': [course('b1', 'ความปลอดภัยในโรงพยาบาล')],
        [`users/my-recommended-course?userId=${uid}&courseId=${last.id}`]: {
          courses: [course('c1', 'ลงทุนหุ้นไทย')],
          watchedEpisode: [],
        },
        'users/user-tags': ['investing'],
        'courses?tag=investing&limit=8': { total: 1, courses: [course('d1', 'กองทุนรวมสำหรับมือใหม่')] },
        'users/my-category-course': [
          {
            category: {
              id: '0190b2a4-7d3e-7c51-9a2b-0000000000f1',
              slug: 'wellbeing',
              nameTh: 'สุขภาพและชีวิต',
              nameEn: 'Health',
            },
            courses: [course('e1', 'กินดีมีสุข')],
          },
        ],
      },
    );
    render(withApp(<LibraryPage />, '/library'));
    const shows = async (name: string, text: string) =>
      expect(
        (await within(await screen.findByRole('region', { name })).findAllByText(text)).length,
      ).toBeGreaterThan(0);
    await shows('แนะนำโดยองค์กรของคุณ', 'ความปลอดภัยในโรงพยาบาล');
    await shows('เพราะคุณเรียน “ออมเงินฉบับเริ่มต้น”', 'ลงทุนหุ้นไทย');
    await shows('คอร์สเกี่ยวกับ #investing', 'กองทุนรวมสำหรับมือใหม่');
    await shows('สุขภาพและชีวิต', 'กินดีมีสุข');
    const asked = fetchMock.mock.calls.map(([url]) => String(url));
    expect(asked.filter((u) => u.includes('my-recommended-course'))).toEqual([
      `/api/users/my-recommended-course?userId=${uid}&courseId=${last.id}`,
    ]);
  });

  it('never asks for recommendations without a last course (the spec: both ids or no call)', async () => {
    const fetchMock = stubContentService(
      {},
      { auth: user(false), 'users/organization-recommend-course': [] },
    );
    render(withApp(<LibraryPage />, '/library'));
    await screen.findByText(/สวัสดี สมชาย/);
    expect(screen.queryByRole('region', { name: 'แนะนำโดยองค์กรของคุณ' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('my-recommended-course'))).toBe(false);
  });
});
