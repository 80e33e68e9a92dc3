import type { Certificate, CourseCompletion, CourseSummary } from '@rianroo/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { I18nProvider } from '../../../lib/i18n';
import { KEYS, nowSeconds } from '../../../lib/storage';
import { ToastProvider } from '../../../lib/toast';
import { courseFixture } from '../../../test-content';

/** Test helpers of the certificate screens: fixtures, a stubbed API, and the app's providers. */
export const uid = '0190b2a4-7d3e-7c51-9a2b-0000000000f1';
export const course: CourseSummary = {
  ...courseFixture({
    id: '0190b2a4-7d3e-7c51-9a2b-0000000000c1',
    slug: 'stocks',
    title: 'ลงทุนหุ้นไทยสำหรับมือใหม่',
    episodeCount: 5,
    totalDurationSeconds: 3000,
  }),
};
export const otherCourse = (n: number, title = `คอร์สถัดไป ${n}`): CourseSummary => ({
  ...course,
  id: `0190b2a4-7d3e-7c51-9a2b-00000000000${n}`,
  slug: `next-${n}`,
  title,
});
export const certificate: Certificate = {
  code: 'ABCD2345EFGH',
  courseId: course.id,
  courseSlug: course.slug,
  courseTitle: course.title,
  learnerName: 'สมชาย ใจดี',
  issuedAt: '2025-03-15T05:00:00.000Z',
  revokedAt: null,
  verifyUrl: 'https://rianroo.example/certificates/ABCD2345EFGH',
};
const test = (kind: 'pre_test' | 'post_test', over: object = {}) => ({
  id: kind === 'pre_test' ? '0190b2a4-7d3e-7c51-9a2b-0000000000a1' : '0190b2a4-7d3e-7c51-9a2b-0000000000a2',
  kind,
  title: kind === 'pre_test' ? 'แบบทดสอบก่อนเรียน' : 'แบบทดสอบหลังเรียน',
  questionCount: 10,
  passingScore: 70,
  maxAttempts: 3,
  timeLimitSeconds: null,
  skippable: false,
  attemptsUsed: 1,
  bestScore: null,
  passed: false,
  ...over,
});
export const preTest = test;
export const postTestId = '0190b2a4-7d3e-7c51-9a2b-0000000000a2';
export const completion = (over: Partial<CourseCompletion> = {}): CourseCompletion => ({
  courseId: course.id,
  episodesTotal: 5,
  episodesWatched: 5,
  preTest: test('pre_test', { bestScore: 40, passed: false }),
  postTest: test('post_test', { bestScore: 85, passed: true }),
  episodesDone: true,
  completed: true,
  completedAt: '2025-03-14T05:00:00.000Z',
  evaluationRequired: true,
  evaluated: true,
  certificateEnabled: true,
  certificateAvailable: true,
  certificate: null,
  ...over,
});

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
export const apiError = (status: number, code: string, message = 'server words') =>
  json({ statusCode: status, code, message }, status);
export const pdf = () =>
  new Response('%PDF-1.7 test', { status: 200, headers: { 'content-type': 'application/pdf' } });

type Handler = (body: unknown) => Response;
export interface Call {
  method: string;
  path: string;
  auth: string | null;
  body: unknown;
}

/**
 * Stubs `fetch`: `routes['GET /path?query']` answers (a list answers in turn, its last one from then on); anything
 * else is a 404. Returns the calls made, in order.
 */
export function stubApi(routes: Record<string, Handler | Handler[]>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = url.replace(/^\/api/, '');
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, auth: new Headers(init?.headers).get('authorization'), body });
      const route = routes[`${method} ${path}`];
      const handler = Array.isArray(route) ? (route.length > 1 ? route.shift() : route[0]) : route;
      return handler ? handler(body) : apiError(404, 'NOT_FOUND', `no stub for ${method} ${path}`);
    }),
  );
  return calls;
}

/** A logged-in learner (token, refresh token and id in storage). */
export function logIn() {
  localStorage.setItem(KEYS.token, 'access-1');
  localStorage.setItem(KEYS.refreshToken, 'refresh-1');
  localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
  localStorage.setItem(KEYS.uid, uid);
}

/** Renders `element` at `path` under `pattern`, with the app's providers; other paths show their address. */
export function renderAt(pattern: string, element: ReactNode, path: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider>
        <ToastProvider>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={pattern} element={element} />
              <Route path="*" element={<p>elsewhere</p>} />
            </Routes>
          </MemoryRouter>
        </ToastProvider>
      </I18nProvider>
    </QueryClientProvider>,
  );
}
