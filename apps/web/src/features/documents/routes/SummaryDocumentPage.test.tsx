import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../../lib/i18n';
import { KEYS, nowSeconds } from '../../../lib/storage';
import SummaryDocumentPage from './SummaryDocumentPage';
import { courseFixture } from '../../../test-content';

const course = {
  ...courseFixture({
    id: '01900000-0000-7000-8000-0000000000aa',
    slug: 'stock-investing-basics',
    title: 'ลงทุนหุ้นไทยสำหรับมือใหม่',
    episodeCount: 1,
    totalDurationSeconds: 60,
  }),
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const error = (status: number, code: string, message: string) =>
  json(status, { statusCode: status, code, message });
const pdf = () =>
  new Response('%PDF-1.7 test', { status: 200, headers: { 'content-type': 'application/pdf' } });

let calls: { url: string; auth: string | null }[];
let answers: Record<string, (() => Response)[]>;

beforeEach(() => {
  calls = [];
  localStorage.setItem(KEYS.token, 'access-1');
  localStorage.setItem(KEYS.refreshToken, 'refresh-1');
  localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, auth: new Headers(init?.headers).get('authorization') });
      if (url === '/api/free-trial')
        return new Response(JSON.stringify({ eligible: true, active: false, endsAt: null }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      const key = url.includes('/course/pdf/') ? 'pdf' : 'course';
      const next = answers[key]!.length > 1 ? answers[key]!.shift()! : answers[key]![0]!;
      return next();
    }),
  );
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:http://localhost/fake-${++n}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

function renderPage(slug = course.slug) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider>
        <MemoryRouter initialEntries={[`/summary-document/${slug}`]}>
          <Routes>
            <Route path="/summary-document/:slug" element={<SummaryDocumentPage />} />
          </Routes>
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('SummaryDocumentPage', () => {
  it('loads the course by slug, then the PDF with the token, and shows it with a download', async () => {
    answers = { course: [() => json(200, course)], pdf: [pdf] };
    renderPage();
    const frame = await screen.findByTitle(`เอกสารสรุปคอร์ส (PDF): ${course.title}`);
    expect(frame.getAttribute('src')).toMatch(/^blob:/);
    const download = screen.getByRole('link', { name: 'ดาวน์โหลด PDF' });
    expect(download.getAttribute('download')).toBe('stock-investing-basics-summary.pdf');
    expect(download.getAttribute('href')).toBe(frame.getAttribute('src'));
    expect(screen.getByRole('link', { name: /กลับไปหน้าคอร์ส/ }).getAttribute('href')).toBe(
      '/courses/stock-investing-basics',
    );
    expect(calls).toEqual([
      { url: '/api/course/get-course-by-slug/stock-investing-basics', auth: 'Bearer access-1' },
      { url: `/api/course/pdf/${course.id}`, auth: 'Bearer access-1' },
    ]);
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect(blob.type).toBe('application/pdf');
  });

  it('shows the locked message and the way to subscribe on 403 NO_ACCESS', async () => {
    answers = {
      course: [() => json(200, course)],
      pdf: [() => error(403, 'NO_ACCESS', 'Needs a subscription')],
    };
    renderPage();
    expect(await screen.findByRole('heading', { name: 'เอกสารสรุปนี้สำหรับสมาชิก' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'ทดลองเรียนฟรี หรือสมัครสมาชิก' })).getAttribute('href')).toBe(
      '/free-trial',
    );
    expect(screen.queryByText('Needs a subscription')).toBeNull();
    expect(screen.queryByTitle(/เอกสารสรุปคอร์ส \(PDF\)/)).toBeNull();
  });

  it('says so for an unknown course, without asking for a PDF', async () => {
    answers = { course: [() => error(404, 'NOT_FOUND', 'Course not found')], pdf: [pdf] };
    renderPage('no-such-course');
    expect(await screen.findByText('ไม่พบคอร์สนี้ หรือคอร์สยังไม่เปิดให้เรียน')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/course/pdf/'))).toBe(false);
  });

  it('shows a Thai error with a retry that loads the document', async () => {
    answers = {
      course: [() => json(200, course)],
      pdf: [() => error(500, 'INTERNAL_ERROR', 'Internal Server Error'), pdf],
    };
    renderPage();
    expect(await screen.findByText('ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง')).toBeTruthy();
    expect(screen.queryByText('Internal Server Error')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'ลองอีกครั้ง' }));
    expect(await screen.findByRole('link', { name: 'ดาวน์โหลด PDF' })).toBeTruthy();
  });

  it('speaks English when the learner chose it', async () => {
    localStorage.setItem(KEYS.lang, 'en');
    answers = { course: [() => json(200, course)], pdf: [() => error(403, 'NO_ACCESS', 'x')] };
    renderPage();
    expect(await screen.findByRole('heading', { name: 'This summary is for members' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Course summary' })).toBeTruthy();
  });
});
