import type { AdminAssessment } from '@rianroo/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { KEYS, nowSeconds } from '../../../lib/storage';
import { ToastProvider } from '../../../lib/toast';
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
  topic: 'เงินสำรองฉุกเฉิน',
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
  questionsPerAttempt: null,
  revealAnswers: true,
  skippable: false,
  published: true,
  attemptCount: 0,
  learnersSee: true,
  questions: [],
  version: '3',
  ...over,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let answer: AdminAssessment;
let patches: Record<string, unknown>[] = [];
beforeEach(() => {
  localStorage.setItem(KEYS.token, 'access');
  localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
  patches = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'PATCH') {
        patches.push(JSON.parse(String(init.body)));
        // Another administrator's save came first: the test moved on.
        answer = test({ title: 'ชื่อจากผู้ดูแลอีกคน', passingScore: 80, version: '4' });
        return json(
          { statusCode: 409, code: 'EDIT_CONFLICT', message: 'Another administrator changed this meanwhile' },
          409,
        );
      }
      return json({ items: [answer] });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = () =>
  render(
    withApp(
      <ToastProvider>
        <Routes>
          <Route path="/admin/courses/:courseId/assessments/:assessmentId" element={<AssessmentPage />} />
        </Routes>
      </ToastProvider>,
      `/admin/courses/${COURSE}/assessments/${TEST}`,
    ),
  );

describe('the settings form', () => {
  it('sends the version it was read at; refused as EDIT_CONFLICT, it says so and shows the settings as they are now', async () => {
    answer = test({});
    renderPage();
    const title = await screen.findByLabelText('ชื่อแบบทดสอบ');
    fireEvent.change(title, { target: { value: 'ชื่อของฉัน' } });
    fireEvent.click(screen.getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(patches).toMatchObject([{ title: 'ชื่อของฉัน', version: '3' }]));
    expect(await screen.findByText(/มีผู้ดูแลระบบคนอื่นแก้ไขรายการนี้ไปก่อนแล้ว/)).toBeTruthy();
    // Read again: the other administrator's settings, and the next save is based on them.
    await waitFor(() => expect((title as HTMLInputElement).value).toBe('ชื่อจากผู้ดูแลอีกคน'));
    expect((screen.getByLabelText(/เกณฑ์ผ่าน/) as HTMLInputElement).value).toBe('80');
    fireEvent.click(screen.getByRole('button', { name: 'บันทึก' }));
    await waitFor(() =>
      expect(patches[1]).toMatchObject({ title: 'ชื่อจากผู้ดูแลอีกคน', passingScore: 80, version: '4' }),
    );
  });
});
describe('showing the answers', () => {
  const LABEL = 'แสดงเฉลยและคำอธิบายเมื่อผู้เรียนทำผ่านหรือใช้สิทธิ์ทำครบ';
  it('the author can withhold them for good: the switch is sent with the settings', async () => {
    answer = test({});
    renderPage();
    const reveal = (await screen.findByLabelText(LABEL)) as HTMLInputElement;
    expect(reveal.checked).toBe(true);
    fireEvent.click(reveal);
    fireEvent.click(screen.getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(patches[0]).toMatchObject({ revealAnswers: false, version: '3' }));
  });
  it('a pre-test has no such switch: it never shows them', async () => {
    answer = test({ kind: 'pre_test' });
    renderPage();
    await screen.findByLabelText('ชื่อแบบทดสอบ');
    expect(screen.queryByLabelText(LABEL)).toBeNull();
  });
});
describe('a pool of questions', () => {
  const LABEL = 'ถามครั้งละ (ข้อ)';
  const inUse = (n: number, retired = 0) =>
    Array.from({ length: n + retired }, (_, i) => ({
      ...question(i >= n),
      id: `00000000-0000-7000-8000-0000000001${String(i).padStart(2, '0')}`,
    }));
  it('sends how many questions an attempt asks, blank for all of them', async () => {
    answer = test({ questions: inUse(3) });
    renderPage();
    const field = (await screen.findByLabelText(LABEL)) as HTMLInputElement;
    expect(field.value).toBe('');
    fireEvent.change(field, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(patches[0]).toMatchObject({ questionsPerAttempt: 2, version: '3' }));
  });
  it('says what the saved count draws from the questions in use', async () => {
    answer = test({ questionsPerAttempt: 8, questions: inUse(12, 2) });
    renderPage();
    expect(((await screen.findByLabelText(LABEL)) as HTMLInputElement).value).toBe('8');
    expect(screen.getByText('แต่ละครั้งสุ่ม 8 จาก 12 ข้อ').getAttribute('role')).toBe('status');
    fireEvent.change(screen.getByLabelText(LABEL), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(patches[0]).toMatchObject({ questionsPerAttempt: null }));
  });
  it('warns when the pool holds no more than the count: every attempt asks them all', async () => {
    answer = test({ questionsPerAttempt: 5, questions: inUse(4, 3) });
    renderPage();
    expect(await screen.findByText(/มีคำถามที่ใช้อยู่ 4 ข้อ ไม่มากกว่าที่ตั้งให้ถาม/)).toBeTruthy();
  });
});

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
    // The question's row names its topic.
    expect(screen.getByText('หัวข้อ: เงินสำรองฉุกเฉิน')).toBeTruthy();
    expect(screen.queryByText(/ผู้เรียนยังไม่เห็น/)).toBeNull();
    unmount();
    answer = test({ published: false, learnersSee: false });
    renderPage();
    await screen.findByRole('heading', { name: 'แบบทดสอบหลังเรียน' });
    expect(screen.queryByText(/ผู้เรียนยังไม่เห็น/)).toBeNull();
  });
});
