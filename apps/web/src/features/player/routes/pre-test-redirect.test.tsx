import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../../lib/i18n';
import { KEYS, nowSeconds } from '../../../lib/storage';
import CoursePlayerEntry from './CoursePlayerEntry';
import PlayerPage from './PlayerPage';

const course = { id: 'course-1', slug: 'money', title: 'การเงิน' };
const episode = (id: string, sort: number) => ({
  id,
  sort,
  sectionTitle: null,
  title: `ตอน ${sort}`,
  description: '',
  durationSeconds: 60,
  isTeaser: false,
  locked: false,
  videoStatus: 'ready',
  posterUrl: null,
  quiz: null,
});
const preTest = {
  id: 'pre-1',
  kind: 'pre_test',
  title: 'แบบทดสอบก่อนเรียน',
  questionCount: 5,
  passingScore: 0,
  maxAttempts: 1,
  timeLimitSeconds: null,
  skippable: true,
  attemptsUsed: 0,
  bestScore: null,
  passed: false,
};

function stubApi(opts: { attemptsUsed?: number; progress?: unknown[] } = {}) {
  localStorage.setItem(KEYS.token, 'access-1');
  localStorage.setItem(KEYS.refreshToken, 'refresh-1');
  localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
  const answers: Record<string, unknown> = {
    '/api/course/get-course-by-slug/money': course,
    '/api/course/course-1/get-episode-and-quiz': {
      course,
      access: { canAccess: true, reason: 'subscription', expiresAt: null },
      episodes: [episode('ep-1', 1), episode('ep-2', 2)],
      preTest: { ...preTest, attemptsUsed: opts.attemptsUsed ?? 0 },
      postTest: null,
    },
    '/api/users/on-going-episode?course=course-1': opts.progress ?? [],
    '/api/users/watched-episode?course=course-1': {
      watchedEpisode: [],
      watchedEpisodeIncludeTeaser: [],
      courseFinishPercentage: 0,
    },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url in answers
        ? new Response(JSON.stringify(answers[url]), { status: 200 })
        : new Response('{"statusCode":404,"code":"NOT_FOUND","message":"x"}', { status: 404 }),
    ),
  );
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/library/course/:slug" element={<CoursePlayerEntry />} />
            <Route path="/library/course/:slug/episode/:episodeId" element={<PlayerPage />} />
            <Route path="/library/course/:slug/test/:assessmentId" element={<p>pre-test page</p>} />
          </Routes>
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the pre-test before a course', () => {
  it('opening a course not started sends the learner to its pre-test', async () => {
    stubApi();
    renderAt('/library/course/money');
    expect(await screen.findByText('pre-test page')).toBeTruthy();
  });

  it('opening the first episode of a course not started sends the learner to its pre-test', async () => {
    stubApi();
    renderAt('/library/course/money/episode/ep-1');
    expect(await screen.findByText('pre-test page')).toBeTruthy();
  });

  it('a skipped pre-test lets the course open on its first episode', async () => {
    stubApi();
    localStorage.setItem('preTestSkipped:pre-1', '1');
    renderAt('/library/course/money');
    expect(await screen.findByRole('heading', { level: 1, name: /ตอน 1/ })).toBeTruthy();
    expect(screen.queryByText('pre-test page')).toBeNull();
  });

  it('a taken pre-test lets the first episode open', async () => {
    stubApi({ attemptsUsed: 1 });
    renderAt('/library/course/money/episode/ep-1');
    expect(await screen.findByRole('heading', { level: 1, name: /ตอน 1/ })).toBeTruthy();
  });

  it('a course already started opens where the learner left off, without the pre-test', async () => {
    const progress = [
      {
        episode_id: 'ep-2',
        last_second: 20,
        episodeCompletionPercentage: 30,
        watched: false,
        updatedAt: '2025-01-02',
      },
    ];
    stubApi({ progress });
    renderAt('/library/course/money');
    expect(await screen.findByRole('heading', { level: 1, name: /ตอน 2/ })).toBeTruthy();
  });
});
