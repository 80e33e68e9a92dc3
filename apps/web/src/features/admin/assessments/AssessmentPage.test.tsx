import type { AdminAssessment } from '@rianroo/contract';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { KEYS, nowSeconds } from '../../../lib/storage';
import { withApp } from '../../../test-content';
import AssessmentPage from './AssessmentPage';

const COURSE = '00000000-0000-7000-8000-000000000001';
const TEST = '00000000-0000-7000-8000-000000000002';
const question = (retired: boolean) => ({
  id: '00000000-0000-7000-8000-000000000003',
  sort: 1,
  kind: 'true_false' as const,
  prompt: 'ข้อหนึ่ง',
  explanation: '',
  points: 1,
  choices: [
    { id: '00000000-0000-7000-8000-000000000004', label: 'ถูก', correct: true },
    { id: '00000000-0000-7000-8000-000000000005', label: 'ผิด', correct: false },
  ],
  answered: false,
  retired,
});
const test = (over: Partial<AdminAssessment>): AdminAssessment => ({
  id: TEST,
  courseId: COURSE,
  episodeId: null,
  kind: 'post_test',
  title: 'แบบทดสอบหลังเรียน',
  description: '',
  passingScore: 60,
  maxAttempts: null,
  timeLimitSeconds: null,
  shuffleQuestions: false,
  skippable: false,
  published: true,
  attemptCount: 0,
  learnersSee: true,
  questions: [],
  ...over,
});

let answer: AdminAssessment;
beforeEach(() => {
  localStorage.setItem(KEYS.token, 'access');
  localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ items: [answer] }), {
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = () =>
  render(
    withApp(
      <Routes>
        <Route path="/admin/courses/:courseId/assessments/:assessmentId" element={<AssessmentPage />} />
      </Routes>,
      `/admin/courses/${COURSE}/assessments/${TEST}`,
    ),
  );
const EMPTY = 'ตั้งให้แสดงแล้ว แต่ผู้เรียนยังไม่เห็น เพราะยังไม่มีคำถามที่ใช้งานอยู่';

describe('a published test learners do not see', () => {
  it('warns that it needs a question in use (none, or all retired)', async () => {
    answer = test({ learnersSee: false, questions: [question(true)] });
    renderPage();
    expect((await screen.findByText(new RegExp(EMPTY))).getAttribute('role')).toBe('status');
  });

  it('warns that its episode is hidden when it has a live question', async () => {
    answer = test({ kind: 'episode_quiz', learnersSee: false, questions: [question(false)] });
    renderPage();
    const alert = await screen.findByText('ตั้งให้แสดงแล้ว แต่ผู้เรียนยังไม่เห็น เพราะตอนของแบบทดสอบนี้ถูกซ่อนอยู่');
    expect(alert.getAttribute('role')).toBe('status');
  });

  it('says nothing when learners see it, or when it is hidden on purpose', async () => {
    answer = test({ learnersSee: true, questions: [question(false)] });
    const { unmount } = renderPage();
    await screen.findByRole('heading', { name: 'แบบทดสอบหลังเรียน' });
    expect(screen.queryByText(/ผู้เรียนยังไม่เห็น/)).toBeNull();
    unmount();
    answer = test({ published: false, learnersSee: false });
    renderPage();
    await screen.findByRole('heading', { name: 'แบบทดสอบหลังเรียน' });
    expect(screen.queryByText(/ผู้เรียนยังไม่เห็น/)).toBeNull();
  });
});
