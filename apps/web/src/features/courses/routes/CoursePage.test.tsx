import { fireEvent, render, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS } from '../../../lib/storage';
import { stubContentService, withApp } from '../../../test-content';
import CoursePage from './CoursePage';

const outline = {
  course: {
    id: '0190b2a4-7d3e-7c51-9a2b-1f4e5d6c7b8a',
    slug: 'stocks',
    title: 'ลงทุนหุ้นไทยสำหรับมือใหม่',
    subtitle: 'เริ่มจากศูนย์',
    description: 'คำอธิบายสั้น',
    coverImage: null,
    level: 'beginner',
    language: 'th',
    free: false,
    publishedAt: null,
    episodeCount: 1,
    totalDurationSeconds: 600,
  },
  instructors: [],
  episodes: [
    {
      id: '0190b2a4-7d3e-7c51-9a2b-1f4e5d6c7b8b',
      sort: 1,
      sectionTitle: null,
      title: 'ตอนแรก',
      durationSeconds: 600,
      isTeaser: true,
    },
  ],
};
const details = {
  data: [
    {
      slug: 'stocks',
      tagline: 'มั่นใจตั้งแต่หุ้นตัวแรก',
      longDescription: 'รายละเอียดยาวของคอร์ส',
      highlights: ['สอนโดยนักวิเคราะห์'],
      whatYouWillLearn: ['อ่านงบการเงิน'],
      instructorBio: 'ประสบการณ์ 15 ปี',
      faq: [{ question: 'ต้องมีพื้นฐานไหม', answer: 'ไม่ต้องมีพื้นฐาน' }],
      cover: { url: '/uploads/cover.jpg', alternativeText: 'กราฟหุ้น', width: 1280, height: 720 },
      seoTitle: 'หุ้นมือใหม่ | Rianroo',
      seoDescription: 'เรียนหุ้นไทยออนไลน์',
    },
  ],
};
const page = () =>
  withApp(
    <Routes>
      <Route path="/courses/:slug" element={<CoursePage />} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>,
    '/courses/stocks',
  );

beforeEach(() => {
  sessionStorage.clear();
  document.head.innerHTML = '<meta name="description" content="ค่าเริ่มต้น">';
  document.title = 'Rianroo เรียนรู้';
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('course page with the editors details', () => {
  it('shows the details joined by slug, the FAQ as a disclosure, and the SEO title and description until it goes', async () => {
    const fetchMock = stubContentService(
      { 'courses?filters[slug][$eq]=stocks': details },
      { 'courses/stocks': outline },
    );
    const { unmount } = render(page());
    await screen.findByRole('heading', { name: 'ลงทุนหุ้นไทยสำหรับมือใหม่' });
    expect(screen.getByText('มั่นใจตั้งแต่หุ้นตัวแรก')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'กราฟหุ้น' }).getAttribute('src')).toBe('/cms/uploads/cover.jpg');
    for (const h of ['จุดเด่นของคอร์ส', 'สิ่งที่คุณจะได้เรียนรู้', 'เกี่ยวกับคอร์สนี้', 'เกี่ยวกับผู้สอน', 'คำถามที่พบบ่อย']) {
      expect(screen.getByRole('heading', { name: h })).toBeTruthy();
    }
    expect(screen.getByText('รายละเอียดยาวของคอร์ส')).toBeTruthy();
    const question = screen.getByRole('button', { name: 'ต้องมีพื้นฐานไหม' });
    expect(question.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('ไม่ต้องมีพื้นฐาน').hidden).toBe(true);
    fireEvent.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('ไม่ต้องมีพื้นฐาน').hidden).toBe(false);
    expect(document.title).toBe('หุ้นมือใหม่ | Rianroo');
    expect(document.querySelector('meta[name="description"]')!.getAttribute('content')).toBe(
      'เรียนหุ้นไทยออนไลน์',
    );
    expect(fetchMock).toHaveBeenCalledWith('/cms/api/courses?filters[slug][$eq]=stocks', expect.anything());
    unmount();
    expect(document.title).toBe('Rianroo เรียนรู้');
    expect(document.querySelector('meta[name="description"]')!.getAttribute('content')).toBe('ค่าเริ่มต้น');
  });

  it('without the content service the page shows the course and no empty sections', async () => {
    stubContentService({}, { 'courses/stocks': outline });
    render(page());
    await screen.findByRole('heading', { name: 'ลงทุนหุ้นไทยสำหรับมือใหม่' });
    expect(screen.getByText('คำอธิบายสั้น')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'เนื้อหาในคอร์ส' })).toBeTruthy();
    for (const h of ['จุดเด่นของคอร์ส', 'สิ่งที่คุณจะได้เรียนรู้', 'เกี่ยวกับคอร์สนี้', 'คำถามที่พบบ่อย']) {
      expect(screen.queryByRole('heading', { name: h })).toBeNull();
    }
    expect(screen.queryByRole('img')).toBeNull();
    expect(document.title).toBe('ลงทุนหุ้นไทยสำหรับมือใหม่ · Rianroo เรียนรู้');
  });
});

describe('course page counts', () => {
  it('in English, one episode and one free preview are singular, more are plural', async () => {
    localStorage.setItem(KEYS.lang, 'en');
    try {
      stubContentService({}, { 'courses/stocks': outline });
      const { unmount } = render(page());
      expect(await screen.findByText(/1 video episode \(/)).toBeTruthy();
      expect(screen.getByText('✓ 1 free preview episode')).toBeTruthy();
      unmount();
      const two = { ...outline.episodes[0]!, id: '0190b2a4-7d3e-7c51-9a2b-1f4e5d6c7b8c', sort: 2 };
      stubContentService(
        {},
        {
          'courses/stocks': {
            ...outline,
            course: { ...outline.course, episodeCount: 2 },
            episodes: [...outline.episodes, two],
          },
        },
      );
      render(page());
      expect(await screen.findByText(/2 video episodes \(/)).toBeTruthy();
      expect(screen.getByText('✓ 2 free preview episodes')).toBeTruthy();
    } finally {
      localStorage.removeItem(KEYS.lang);
    }
  });
});

describe('course page the server drew (issue 14)', () => {
  it("leaving it gives the app's own title and description back, not the server's words for this address", async () => {
    // As apps/api plugins/web.ts serves it: the course's title and description, the app's kept aside.
    document.head.innerHTML =
      '<title data-default="Rianroo เรียนรู้">ลงทุนหุ้นไทยสำหรับมือใหม่ · Rianroo เรียนรู้</title>' +
      '<meta name="description" content="เริ่มจากศูนย์" data-default="ค่าเริ่มต้น">';
    stubContentService({}, { 'courses/stocks': outline });
    const { unmount } = render(page());
    await screen.findByRole('heading', { name: 'ลงทุนหุ้นไทยสำหรับมือใหม่' });
    expect(document.title).toBe('ลงทุนหุ้นไทยสำหรับมือใหม่ · Rianroo เรียนรู้');
    expect(document.querySelector('meta[name="description"]')!.getAttribute('content')).toBe('เริ่มจากศูนย์');
    unmount();
    expect(document.title).toBe('Rianroo เรียนรู้');
    expect(document.querySelector('meta[name="description"]')!.getAttribute('content')).toBe('ค่าเริ่มต้น');
    // Later pages set and restore as usual.
    expect(document.querySelector('title')!.hasAttribute('data-default')).toBe(false);
  });
});
