import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  attempt,
  baseRoutes,
  course,
  detail,
  fakeApi,
  json,
  renderTestPage,
  result,
} from '../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

const latest = `/library/course/${course.slug}/test/test-1?result=latest`;

describe('TestPage: results and next steps', () => {
  it('shows the score, points, pass, each pick with the correct choices and the explanations after submitting', async () => {
    let graded = false;
    fakeApi({
      ...baseRoutes,
      'GET /assessment/test-1': () =>
        json(
          graded
            ? detail({ attemptsUsed: 1, attemptsLeft: 2, bestScore: 75, passed: true })
            : detail({ attemptsUsed: 1, attemptsLeft: 2, inProgress: attempt() }),
        ),
      'POST /assessment-result': () => {
        graded = true;
        return json(result());
      },
      'GET /assessment-result?assessmentId=test-1': () => json([result()]),
    });
    renderTestPage();
    fireEvent.click(await screen.findByRole('button', { name: 'ส่งคำตอบ' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'ส่งคำตอบ' }));
    expect(await screen.findByRole('heading', { name: 'ผลการทดสอบ' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe(
      `/library/course/${course.slug}/test/test-1?result=attempt-1`,
    );
    expect(screen.getByText('75%')).toBeTruthy();
    expect(screen.getByText('ได้ 3 จาก 4 คะแนน')).toBeTruthy();
    expect(screen.getByText('ผ่าน')).toBeTruthy();
    const q2 = screen.getByRole('heading', { name: /ข้อใดเป็นค่าใช้จ่ายจำเป็น/ }).closest('li')!;
    expect(within(q2).getByText('ผิด')).toBeTruthy();
    expect(within(q2).getByText('ค่าเช่าบ้าน')).toBeTruthy();
    expect(within(q2).getByText('ค่าเช่าบ้าน, ค่าอาหาร')).toBeTruthy();
    expect(within(q2).getByText('อาหารก็จำเป็น')).toBeTruthy();
    expect(screen.getByText('ค่าใช้จ่าย 3-6 เดือนคือระยะที่แนะนำ')).toBeTruthy();
    // Attempts are left: another try; the quiz leads on to the next episode.
    expect(screen.getByRole('button', { name: 'ทำอีกครั้ง' })).toBeTruthy();
    const next = await screen.findByRole('link', { name: 'ดูตอนถัดไป: งบประมาณ 50/30/20' });
    expect(next.getAttribute('href')).toBe(`/library/course/${course.slug}/episode/ep-2`);
  });

  it('hides the correct choices while the API withholds them, and says why', async () => {
    fakeApi({
      ...baseRoutes,
      'GET /assessment/test-1': detail({ attemptsUsed: 1, attemptsLeft: 2, bestScore: 25 }),
      'GET /assessment-result?assessmentId=test-1': [
        result({
          passed: false,
          questions: result().questions.map((q) => ({ ...q, correctChoiceIds: null })),
        }),
      ],
    });
    renderTestPage(latest);
    expect(await screen.findByText('เฉลยจะแสดงเมื่อคุณทำผ่าน หรือใช้สิทธิ์ทำครบแล้ว')).toBeTruthy();
    expect(screen.queryByText('คำตอบที่ถูก')).toBeNull();
  });

  it('offers no retry when no attempt is left, and says so', async () => {
    fakeApi({
      ...baseRoutes,
      'GET /assessment/test-1': detail({ attemptsUsed: 3, attemptsLeft: 0, bestScore: 25 }),
      'GET /assessment-result?assessmentId=test-1': [result({ passed: false, score: 25, attemptsLeft: 0 })],
    });
    renderTestPage(latest);
    expect(await screen.findByText('คุณใช้สิทธิ์ทำแบบทดสอบนี้ครบแล้ว')).toBeTruthy();
    expect(screen.getByText('ยังไม่ผ่าน (เกณฑ์ผ่าน 70%)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'ทำอีกครั้ง' })).toBeNull();
  });

  it('retry starts a new attempt and opens its questions', async () => {
    let started = false;
    const calls = fakeApi({
      ...baseRoutes,
      'GET /assessment/test-1': () =>
        json(
          started
            ? detail({
                attemptsUsed: 2,
                attemptsLeft: 1,
                inProgress: attempt({ attemptId: 'attempt-2', number: 2 }),
              })
            : detail({ attemptsUsed: 1, attemptsLeft: 2, bestScore: 25 }),
        ),
      'GET /assessment-result?assessmentId=test-1': [result({ passed: false })],
      'POST /assessment-response': () => {
        started = true;
        return json(attempt({ attemptId: 'attempt-2', number: 2 }));
      },
    });
    renderTestPage(latest);
    fireEvent.click(await screen.findByRole('button', { name: 'ทำอีกครั้ง' }));
    expect(await screen.findByRole('group', { name: /ข้อ 1 จาก 3/ })).toBeTruthy();
    expect(calls.find((c) => c.path === '/assessment-response')!.body).toEqual({
      assessmentId: 'test-1',
      answers: [],
    });
    expect(screen.getByTestId('where').textContent).toBe(`/library/course/${course.slug}/test/test-1`);
  });

  it('leads a passed post-test to the course completed page', async () => {
    fakeApi({
      ...baseRoutes,
      'GET /assessment/test-1': detail({
        kind: 'post_test',
        episodeId: null,
        attemptsUsed: 1,
        attemptsLeft: 2,
        passed: true,
        bestScore: 75,
      }),
      'GET /assessment-result?assessmentId=test-1': [result()],
    });
    renderTestPage(latest);
    const done = await screen.findByRole('link', { name: 'เรียนจบคอร์สแล้ว — ดูผลและรับใบประกาศ' });
    expect(done.getAttribute('href')).toBe(`/library/course/${course.slug}/completed`);
  });

  it('shows the intro with attempts, best score and the latest result link; Start sends an empty attempt', async () => {
    const calls = fakeApi({
      ...baseRoutes,
      'GET /assessment/test-1': detail({
        timeLimitSeconds: 600,
        questions: [],
        attemptsUsed: 1,
        attemptsLeft: 2,
        bestScore: 50,
      }),
      'POST /assessment-response': () => apiError(409, 'ATTEMPT_LIMIT_REACHED'),
    });
    renderTestPage();
    expect(await screen.findByText('ทำแล้ว 1 จาก 3 ครั้ง (เหลือ 2 ครั้ง)')).toBeTruthy();
    expect(screen.getByText('10 นาที')).toBeTruthy();
    expect(screen.getByText('คะแนนดีที่สุด 50%')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ดูผลครั้งล่าสุด' }).getAttribute('href')).toContain('?result=latest');
    fireEvent.click(screen.getByRole('button', { name: 'เริ่มทำอีกครั้ง' }));
    // The server's refusal in Thai, never its English words.
    expect(await screen.findByText('คุณใช้สิทธิ์ทำแบบทดสอบนี้ครบแล้ว')).toBeTruthy();
    expect(screen.queryByText('English server message')).toBeNull();
    await waitFor(() => expect(calls.filter((c) => c.path === '/assessment-response')).toHaveLength(1));
  });

  it('shows the result of an attempt handed in after its test was hidden, even when the test cannot be read again (404)', async () => {
    let graded = false;
    let refused = 0;
    fakeApi({
      ...baseRoutes,
      'GET /assessment/test-1': () => {
        if (!graded) return json(detail({ attemptsUsed: 1, attemptsLeft: 2, inProgress: attempt() }));
        refused++;
        return apiError(404, 'NOT_FOUND');
      },
      'POST /assessment-result': () => {
        graded = true;
        return json(result());
      },
    });
    renderTestPage();
    fireEvent.click(await screen.findByRole('button', { name: 'ส่งคำตอบ' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'ส่งคำตอบ' }));
    expect(await screen.findByRole('heading', { name: 'ผลการทดสอบ' })).toBeTruthy();
    expect(screen.getByText('75%')).toBeTruthy();
    // The test was read again (and refused) after the result came: the result stays, not "not found".
    await waitFor(() => expect(refused).toBe(1));
    await act(() => new Promise((r) => setTimeout(r)));
    expect(screen.queryByText('ไม่พบแบบทดสอบนี้ในคอร์ส')).toBeNull();
    expect(screen.getByText('ได้ 3 จาก 4 คะแนน')).toBeTruthy();
  });

  it('a test hidden since the learner took it shows their result and intro, says it takes no new attempt, and offers none', async () => {
    fakeApi({
      ...baseRoutes,
      'GET /assessment/test-1': detail({ live: false, attemptsUsed: 1, attemptsLeft: 2, bestScore: 25 }),
      'GET /assessment-result?assessmentId=test-1': [result({ passed: false, score: 25 })],
    });
    const { unmount } = renderTestPage(latest);
    expect(await screen.findByRole('heading', { name: 'ผลการทดสอบ' })).toBeTruthy();
    expect(screen.getByText('แบบทดสอบนี้ปิดรับการทำใหม่แล้ว ผลการทดสอบของคุณยังดูได้ที่นี่')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'ทำอีกครั้ง' })).toBeNull();
    unmount();
    renderTestPage();
    expect(await screen.findByText('แบบทดสอบนี้ปิดรับการทำใหม่แล้ว ผลการทดสอบของคุณยังดูได้ที่นี่')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ดูผลครั้งล่าสุด' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /เริ่มทำ/ })).toBeNull();
  });
});
