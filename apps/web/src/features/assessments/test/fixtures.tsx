import type { AssessmentDetail, AssessmentResult, CourseSummary } from '@rianroo/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { I18nProvider } from '../../../lib/i18n';
import { KEYS, nowSeconds } from '../../../lib/storage';
import TestPage from '../routes/TestPage';
import { courseFixture } from '../../../test-content';

export const course: CourseSummary = {
  ...courseFixture({
    id: 'course-1',
    slug: 'personal-finance-101',
    title: 'การเงินส่วนบุคคล 101',
    episodeCount: 2,
    totalDurationSeconds: 600,
  }),
};

export const questions: AssessmentDetail['questions'] = [
  {
    id: 'q1',
    kind: 'single',
    prompt: 'ควรมีเงินสำรองฉุกเฉินกี่เดือน',
    points: 1,
    choices: [
      { id: 'q1a', label: '1 เดือน' },
      { id: 'q1b', label: '3-6 เดือน' },
    ],
  },
  {
    id: 'q2',
    kind: 'multiple',
    prompt: 'ข้อใดเป็นค่าใช้จ่ายจำเป็น',
    points: 2,
    choices: [
      { id: 'q2a', label: 'ค่าเช่าบ้าน' },
      { id: 'q2b', label: 'ค่าอาหาร' },
      { id: 'q2c', label: 'ตั๋วคอนเสิร์ต' },
    ],
  },
  {
    id: 'q3',
    kind: 'true_false',
    prompt: 'ควรลงทุนก่อนมีเงินสำรอง',
    points: 1,
    choices: [
      { id: 'q3t', label: 'ถูก' },
      { id: 'q3f', label: 'ผิด' },
    ],
  },
];

export const detail = (over: Partial<AssessmentDetail> = {}): AssessmentDetail => ({
  id: 'test-1',
  courseId: course.id,
  episodeId: 'ep-1',
  kind: 'episode_quiz',
  title: 'แบบทดสอบท้ายตอน: เงินสำรอง',
  description: 'ทบทวนเรื่องเงินสำรองฉุกเฉิน',
  passingScore: 70,
  maxAttempts: 3,
  timeLimitSeconds: null,
  skippable: false,
  questionCount: questions.length,
  totalPoints: 4,
  questions,
  attemptsUsed: 0,
  attemptsLeft: 3,
  bestScore: null,
  passed: false,
  inProgress: null,
  live: true,
  ...over,
});

export const attempt = (over: Partial<NonNullable<AssessmentDetail['inProgress']>> = {}) => ({
  attemptId: 'attempt-1',
  number: 1,
  startedAt: '2025-01-10T03:00:00.000Z',
  deadlineAt: null,
  secondsLeft: null,
  savedAt: null,
  answers: [],
  ...over,
});

/** A question of a result as the API answers it: the question as asked, with the learner's picks and grading. */
type Graded = AssessmentResult['questions'][number];
const asked = (id: string) => {
  const q = questions.find((x) => x.id === id)!;
  return { questionId: q.id, kind: q.kind, prompt: q.prompt, choices: q.choices, points: q.points };
};

/**
 * A passed attempt (75%) with the right choices and explanations revealed: q1 right, q2 half right (its topic
 * to study), q3 right (no topic, no explanation).
 */
export const result = (over: Partial<AssessmentResult> = {}): AssessmentResult => ({
  attemptId: 'attempt-1',
  assessmentId: 'test-1',
  number: 1,
  startedAt: '2025-01-10T03:00:00.000Z',
  submittedAt: '2025-01-10T03:05:00.000Z',
  score: 75,
  pointsEarned: 3,
  pointsTotal: 4,
  passed: true,
  diagnostic: false,
  studyTopics: ['ค่าใช้จ่ายจำเป็น'],
  late: false,
  answersWithheld: false,
  attemptsLeft: 2,
  questions: [
    {
      ...asked('q1'),
      topic: 'เงินสำรองฉุกเฉิน',
      choiceIds: ['q1b'],
      correct: true,
      pointsEarned: 1,
      correctChoiceIds: ['q1b'],
      explanation: 'ค่าใช้จ่าย 3-6 เดือนคือระยะที่แนะนำ',
    },
    {
      ...asked('q2'),
      topic: 'ค่าใช้จ่ายจำเป็น',
      choiceIds: ['q2a'],
      correct: false,
      pointsEarned: 1,
      correctChoiceIds: ['q2a', 'q2b'],
      explanation: 'อาหารก็จำเป็น',
    },
    {
      ...asked('q3'),
      topic: '',
      choiceIds: ['q3f'],
      correct: true,
      pointsEarned: 1,
      correctChoiceIds: ['q3f'],
      explanation: '',
    },
  ],
  ...over,
});

/** The same attempt failed with attempts left: right or wrong per question, the right choices and explanations withheld. */
export const failedResult = (over: Partial<AssessmentResult> = {}): AssessmentResult =>
  result({
    passed: false,
    questions: result().questions.map((q): Graded => ({ ...q, correctChoiceIds: null, explanation: null })),
    ...over,
  });

/**
 * A pre-test's result: diagnostic, so no mark per question, no right choice and no explanation; the topics of
 * what was not answered fully right. (Its questions have no true/false one, whose labels would read as marks.)
 */
export const preTestResult = (over: Partial<AssessmentResult> = {}): AssessmentResult =>
  result({
    passed: false,
    diagnostic: true,
    score: 33.33,
    pointsEarned: 1,
    pointsTotal: 3,
    attemptsLeft: 0,
    // q1 answered wrong, q2 half right.
    studyTopics: ['เงินสำรองฉุกเฉิน', 'ค่าใช้จ่ายจำเป็น'],
    questions: result()
      .questions.slice(0, 2)
      .map((q): Graded => ({
        ...q,
        choiceIds: q.questionId === 'q1' ? ['q1a'] : q.choiceIds,
        correct: null,
        pointsEarned: null,
        correctChoiceIds: null,
        explanation: null,
      })),
    ...over,
  });

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
export const apiError = (status: number, code: string, message = 'English server message') =>
  json({ statusCode: status, code, message }, status);

type Handler = (body: unknown) => Response;
export interface Call {
  method: string;
  path: string;
  body: unknown;
  /** When it was made, by the test's clock (the fake one when a test sets it). */
  at: number;
  keepalive?: boolean;
}

/**
 * A fake API: `routes['GET /assessment/test-1']` answers that request (a function gets the JSON body);
 * anything else is a 404. Returns the calls made.
 */
export function fakeApi(routes: Record<string, Handler | unknown>) {
  const calls: Call[] = [];
  localStorage.setItem(KEYS.token, 'access-1');
  localStorage.setItem(KEYS.refreshToken, 'refresh-1');
  localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = url.replace(/^\/api/, '');
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path, body, keepalive: init?.keepalive, at: Date.now() });
      const route = routes[`${method} ${path}`];
      if (route === undefined) return apiError(404, 'NOT_FOUND');
      return typeof route === 'function' ? (route as Handler)(body) : json(route);
    }),
  );
  return calls;
}

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

export function renderTestPage(path = `/library/course/${course.slug}/test/test-1`) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/library/course/:slug/test/:assessmentId" element={<TestPage />} />
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
          <Where />
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

/** The routes every test page needs: the course by its slug and the course's episodes. */
export const baseRoutes = {
  [`GET /course/get-course-by-slug/${course.slug}`]: course,
  [`POST /course/${course.id}/get-episode-and-quiz`]: {
    course,
    access: { canAccess: true, reason: 'subscription', expiresAt: null },
    preTest: null,
    postTest: null,
    episodes: [
      {
        id: 'ep-1',
        sort: 1,
        sectionTitle: null,
        title: 'เงินสำรองฉุกเฉิน',
        description: '',
        durationSeconds: 300,
        isTeaser: false,
        locked: false,
        videoStatus: 'ready',
        posterUrl: null,
        quiz: null,
      },
      {
        id: 'ep-2',
        sort: 2,
        sectionTitle: null,
        title: 'งบประมาณ 50/30/20',
        description: '',
        durationSeconds: 300,
        isTeaser: false,
        locked: false,
        videoStatus: 'ready',
        posterUrl: null,
        quiz: null,
      },
    ],
  },
  [`GET /users/watched-episode?course=${course.id}`]: {
    watchedEpisode: ['ep-1'],
    watchedEpisodeIncludeTeaser: ['ep-1'],
    courseFinishPercentage: 50,
  },
};
