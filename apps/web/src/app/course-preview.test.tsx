import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS, nowSeconds } from '../lib/storage';
import { planFixture, stubContentService, withApp } from '../test-content';
import { AppRoutes } from './router';
import { ScrollToTop } from './ScrollToTop';

/**
 * The course page's free previews for visitors (issue 33), through the app's own routes: a teaser row opens
 * the preview in a dialog with its own address over the page, which stays where it was; Escape closes it and
 * gives the focus back; the preview leads to the free trial or the plans.
 */
const TEASER = '0190b2a4-7d3e-7c51-9a2b-1f4e5d6c7b8b';
const MEMBERS = '0190b2a4-7d3e-7c51-9a2b-1f4e5d6c7b8c';
const outline = {
  course: {
    id: '0190b2a4-7d3e-7c51-9a2b-1f4e5d6c7b8a',
    slug: 'stocks',
    title: 'ลงทุนหุ้นไทยสำหรับมือใหม่',
    subtitle: '',
    description: 'คำอธิบายสั้น',
    coverImage: null,
    level: 'beginner',
    language: 'th',
    free: false,
    publishedAt: null,
    episodeCount: 2,
    totalDurationSeconds: 1200,
  },
  instructors: [],
  episodes: [
    { id: TEASER, sort: 1, sectionTitle: null, title: 'ตอนแรก', durationSeconds: 600, isTeaser: true },
    { id: MEMBERS, sort: 2, sectionTitle: null, title: 'ตอนสอง', durationSeconds: 600, isTeaser: false },
  ],
};
const playback = {
  token: 'visitor-token',
  playbackUrl: `/api/stream/${TEASER}/visitor-token/master.m3u8`,
  expiresAt: '2030-01-01T00:00:00.000Z',
  expiresInSeconds: 3600,
  provider: 'local',
  posterUrl: null,
  durationSeconds: 600,
  captions: [],
};

function Where() {
  const { pathname } = useLocation();
  return <p data-testid="where">{pathname}</p>;
}
const app = (path: string) =>
  withApp(
    <>
      <ScrollToTop />
      <AppRoutes />
      <Where />
    </>,
    path,
  );

let scrollTo: ReturnType<typeof vi.fn>;
beforeEach(() => {
  scrollTo = vi.fn();
  vi.stubGlobal('scrollTo', scrollTo);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  stubContentService(
    {},
    {
      'courses/stocks': outline,
      plans: [planFixture('trial'), planFixture('monthly'), planFixture('annual')],
      [`preview/get-signed-token?episodeId=${TEASER}`]: playback,
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('free previews on the course page, for a visitor', () => {
  it('a teaser row, and only it, offers the preview; it opens in a dialog over the page and Escape closes it', async () => {
    render(app('/courses/stocks'));
    await screen.findByRole('heading', { level: 1, name: 'ลงทุนหุ้นไทยสำหรับมือใหม่' });
    const links = screen.getAllByRole('link', { name: /ดูตัวอย่างฟรี/ });
    expect(links).toHaveLength(1);
    const link = screen.getByRole('link', { name: 'ดูตัวอย่างฟรี: ตอนแรก' });
    expect(link).toBe(links[0]);
    expect(link.getAttribute('href')).toBe(`/courses/stocks/preview/${TEASER}`);

    scrollTo.mockClear();
    link.focus();
    fireEvent.click(link);
    const dialog = await screen.findByRole('dialog', { name: 'ตัวอย่างฟรี: ตอนแรก' });
    expect(screen.getByTestId('where').textContent).toBe(`/courses/stocks/preview/${TEASER}`);
    // The page under it stays where it was.
    expect(scrollTo).not.toHaveBeenCalled();
    // The focus is inside; the way on is the free trial (its days from the plan) or the plans.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expect(screen.getByText(/ทดลองเรียนฟรี 7 วัน ดูได้ทุกตอนของทุกคอร์ส/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'เริ่มทดลองเรียนฟรี' }).getAttribute('href')).toBe(
      '/free-trial/start',
    );
    expect(screen.getByRole('link', { name: 'ดูแพ็กเกจสมาชิก' }).getAttribute('href')).toBe('/pricing');
    // The visitor's token: the player gets its video.
    await waitFor(() => expect(document.querySelector('video')).not.toBeNull());
    expect(
      vi.mocked(fetch).mock.calls.some(([url]) => String(url).startsWith('/api/preview/get-signed-token')),
    ).toBe(true);

    act(() => {
      fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('where').textContent).toBe('/courses/stocks');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: /ดูตัวอย่างฟรี/ }));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('a preview refused (not a teaser) says why; closing it opened by its address goes to the course page', async () => {
    const api = vi.mocked(fetch);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) =>
        url === `/api/preview/get-signed-token?episodeId=${MEMBERS}`
          ? new Response(JSON.stringify({ statusCode: 403, code: 'NO_ACCESS', message: 'x', details: [] }), {
              status: 403,
              headers: { 'content-type': 'application/json' },
            })
          : api(url, init),
      ),
    );
    render(app(`/courses/stocks/preview/${MEMBERS}`));
    await screen.findByRole('dialog', { name: 'ตัวอย่างฟรี: ตอนสอง' });
    expect(await screen.findByText('ตอนนี้สำหรับสมาชิก สมัครสมาชิกหรือทดลองเรียนฟรีเพื่อรับชม')).toBeTruthy();
    expect(document.querySelector('video')).toBeNull();
    expect(screen.queryByRole('button', { name: 'ลองอีกครั้ง' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'ปิดตัวอย่าง' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('where').textContent).toBe('/courses/stocks');
  });

  it('an unknown preview says it is not there', async () => {
    render(app('/courses/stocks/preview/0190b2a4-7d3e-7c51-9a2b-000000000000'));
    await screen.findByRole('dialog', { name: 'ตัวอย่างฟรี' });
    expect(await screen.findByText('ไม่พบตัวอย่างนี้ อาจถูกนำออกไปแล้ว')).toBeTruthy();
  });
});

describe('teasers on the course page, for a signed-in learner', () => {
  it("open in the learner's player (with progress), not in the visitor's preview", async () => {
    localStorage.setItem(KEYS.token, 'access');
    localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
    render(app('/courses/stocks'));
    await screen.findByRole('heading', { level: 1, name: 'ลงทุนหุ้นไทยสำหรับมือใหม่' });
    const links = screen.getAllByRole('link', { name: /ดูตัวอย่างฟรี/ });
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe(`/library/course/stocks/episode/${TEASER}`);
  });
});
