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
  failedResult,
  preTestResult,
  renderTestPage,
  result,
} from '../test/fixtures';
import type { AssessmentDetail } from '@rianroo/contract';

afterEach(() => vi.unstubAllGlobals());

const latest = `/library/course/${course.slug}/test/test-1?result=latest`;
const HIDDEN = 'เฉลยจะแสดงเมื่อคุณทำผ่าน หรือใช้สิทธิ์ทำครบแล้ว';
const PRE_NOTE = 'แบบทดสอบก่อนเรียนใช้วัดความรู้ก่อนเริ่มเรียน จึงไม่แสดงเฉลย และไม่บอกว่าข้อไหนถูกหรือผิด';

/** A course's pre-test without a pass mark, taken once (one attempt allowed). */
const preTest = (over: Partial<AssessmentDetail> = {}): Partial<AssessmentDetail> => ({
  kind: 'pre_test',
  episodeId: null,
  title: 'แบบทดสอบก่อนเรียน',
  passingScore: 0,
  maxAttempts: 1,
  attemptsUsed: 1,
  attemptsLeft: 0,
  bestScore: 33.33,
  ...over,
});

/** A graded question's card, by its prompt. */
const question = (prompt: RegExp) => screen.getByRole('heading', { level: 3, name: prompt }).closest('li')!;
/** The marks on one choice of a graded question: the learner's pick, the right choice. */
const marks = (q: HTMLElement, label: string) => {
  const choice = within(q).getByText(label, { selector: 'span' }).closest('li')!;
  return ['คุณเลือก', 'คำตอบที่ถูก'].filter((mark) => within(choice).queryByText(mark));
};
/** The topics to study, as listed. */
const topicsToStudy = () =>
  within(screen.getByRole('heading', { level: 2, name: 'หัวข้อที่ควรทบทวน' }).closest('section')!)
    .getAllByRole('listitem')
    .map((li) => li.textContent!.replace('•', ''));

describe('TestPage: results and next steps', () => {
  it('a passed attempt: score, points, pass, the topics to study, each pick with the right choices marked and the explanations', async () => {
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
    expect(topicsToStudy()).toEqual(['ค่าใช้จ่ายจำเป็น']);
    const q2 = question(/ข้อใดเป็นค่าใช้จ่ายจำเป็น/);
    expect(within(q2).getByText('ผิด')).toBeTruthy();
    expect(marks(q2, 'ค่าเช่าบ้าน')).toEqual(['คุณเลือก', 'คำตอบที่ถูก']);
    expect(marks(q2, 'ค่าอาหาร')).toEqual(['คำตอบที่ถูก']);
    expect(marks(q2, 'ตั๋วคอนเสิร์ต')).toEqual([]);
    expect(within(q2).getByText('อาหารก็จำเป็น')).toBeTruthy();
    const q1 = question(/ควรมีเงินสำรองฉุกเฉินกี่เดือน/);
    expect(within(q1).getByText('ถูก')).toBeTruthy();
    expect(marks(q1, '3-6 เดือน')).toEqual(['คุณเลือก', 'คำตอบที่ถูก']);
    expect(within(q1).getByText('ค่าใช้จ่าย 3-6 เดือนคือระยะที่แนะนำ')).toBeTruthy();
    // An empty explanation shows no box; nothing is withheld, so no line says so.
    expect(within(question(/ควรลงทุนก่อนมีเงินสำรอง/)).queryByText('คำอธิบาย')).toBeNull();
    expect(screen.queryByText(HIDDEN)).toBeNull();
    // Attempts are left: another try; the quiz leads on to the next episode.
    expect(screen.getByRole('button', { name: 'ทำอีกครั้ง' })).toBeTruthy();
    const next = await screen.findByRole('link', { name: 'ดูตอนถัดไป: งบประมาณ 50/30/20' });
    expect(next.getAttribute('href')).toBe(`/library/course/${course.slug}/episode/ep-2`);
  });

  it('a failed attempt with attempts left: each pick marked right or wrong, no right choice and no explanation, and says when they show', async () => {
    fakeApi({
      ...baseRoutes,
      'GET /assessment/test-1': detail({ attemptsUsed: 1, attemptsLeft: 2, bestScore: 75 }),
      'GET /assessment-result?assessmentId=test-1': [failedResult()],
    });
    renderTestPage(latest);
    expect(await screen.findByText(HIDDEN)).toBeTruthy();
    expect(screen.getByText('ยังไม่ผ่าน (เกณฑ์ผ่าน 70%)')).toBeTruthy();
    const q1 = question(/ควรมีเงินสำรองฉุกเฉินกี่เดือน/);
    expect(within(q1).getByText('ถูก')).toBeTruthy();
    expect(marks(q1, '3-6 เดือน')).toEqual(['คุณเลือก']);
    expect(marks(q1, '1 เดือน')).toEqual([]);
    const q2 = question(/ข้อใดเป็นค่าใช้จ่ายจำเป็น/);
    expect(within(q2).getByText('ผิด')).toBeTruthy();
    expect(within(q2).getByText('1/2 คะแนน', { exact: false })).toBeTruthy();
    expect(marks(q2, 'ค่าเช่าบ้าน')).toEqual(['คุณเลือก']);
    expect(marks(q2, 'ค่าอาหาร')).toEqual([]);
    expect(screen.queryByText('คำตอบที่ถูก')).toBeNull();
    expect(screen.queryByText('คำอธิบาย')).toBeNull();
    expect(screen.queryByText('อาหารก็จำเป็น')).toBeNull();
    expect(topicsToStudy()).toEqual(['ค่าใช้จ่ายจำเป็น']);
    expect(screen.getByRole('button', { name: 'ทำอีกครั้ง' })).toBeTruthy();
  });

  it('an attempt whose author withholds the answers says so, instead of promising them after a pass', async () => {
    fakeApi({
      ...baseRoutes,
      'GET /assessment/test-1': detail({ attemptsUsed: 1, attemptsLeft: 0, bestScore: 75 }),
      'GET /assessment-result?assessmentId=test-1': [
        failedResult({ answersWithheld: true, attemptsLeft: 0 }),
      ],
    });
    renderTestPage(latest);
    expect(await screen.findByText('ผู้สอนไม่เปิดเผยเฉลยของแบบทดสอบนี้ ดูได้เพียงว่าแต่ละข้อตอบถูกหรือผิด')).toBeTruthy();
    expect(screen.queryByText(HIDDEN)).toBeNull();
    expect(within(question(/ข้อใดเป็นค่าใช้จ่ายจำเป็น/)).getByText('ผิด')).toBeTruthy();
    expect(screen.queryByText('คำตอบที่ถูก')).toBeNull();
  });

  it("a timed test's result shows each question from the result itself, in the result's order", async () => {
    const [q1, q2, q3] = result().questions;
    fakeApi({
      ...baseRoutes,
      // A timed test lists no questions once its attempt is over.
      'GET /assessment/test-1': detail({
        timeLimitSeconds: 600,
        questions: [],
        attemptsUsed: 1,
        attemptsLeft: 2,
        bestScore: 75,
        passed: true,
      }),
      'GET /assessment-result?assessmentId=test-1': [result({ questions: [q3!, q1!, q2!] })],
    });
    renderTestPage(latest);
    await screen.findByRole('heading', { name: 'ผลการทดสอบ' });
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'ข้อ 1 · 1/1 คะแนนควรลงทุนก่อนมีเงินสำรอง',
      'ข้อ 2 · 1/1 คะแนนควรมีเงินสำรองฉุกเฉินกี่เดือน',
      'ข้อ 3 · 1/2 คะแนนข้อใดเป็นค่าใช้จ่ายจำเป็น',
    ]);
    expect(marks(question(/ควรลงทุนก่อนมีเงินสำรอง/), 'ผิด')).toEqual(['คุณเลือก', 'คำตอบที่ถูก']);
    expect(marks(question(/ข้อใดเป็นค่าใช้จ่ายจำเป็น/), 'ค่าอาหาร')).toEqual(['คำตอบที่ถูก']);
  });

  it('a pre-test without a pass mark: its score and the topics to study, no mark per question, no answer, no explanation, no pass or fail', async () => {
    fakeApi({
      ...baseRoutes,
      'GET /assessment/test-1': detail(preTest({ maxAttempts: 3, attemptsLeft: 2 })),
      'GET /assessment-result?assessmentId=test-1': [preTestResult({ attemptsLeft: 2 })],
    });
    renderTestPage(latest);
    expect(await screen.findByRole('heading', { name: 'ผลแบบทดสอบก่อนเรียน' })).toBeTruthy();
    expect(screen.getByText('33.33%')).toBeTruthy();
    expect(screen.getByText('ได้ 1 จาก 3 คะแนน')).toBeTruthy();
    expect(topicsToStudy()).toEqual(['เงินสำรองฉุกเฉิน', 'ค่าใช้จ่ายจำเป็น']);
    expect(screen.getByText(PRE_NOTE)).toBeTruthy();
    for (const hidden of ['ถูก', 'ผิด', 'คำตอบที่ถูก', 'คำอธิบาย', HIDDEN])
      expect(screen.queryByText(hidden)).toBeNull();
    expect(screen.queryByText('อาหารก็จำเป็น')).toBeNull();
    expect(screen.queryByText('ค่าใช้จ่าย 3-6 เดือนคือระยะที่แนะนำ')).toBeNull();
    // Neither passed nor not passed: it graded nothing. Taken, it is done: no retry, on to the first episode.
    expect(await screen.findByRole('link', { name: 'เริ่มเรียนตอนแรก' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/ผ่าน/);
    expect(screen.queryByRole('button', { name: 'ทำอีกครั้ง' })).toBeNull();
  });

  it('a pre-test without topics to study says there is nothing in particular to review; one with a pass mark says passed or not', async () => {
    fakeApi({
      ...baseRoutes,
      'GET /assessment/test-1': detail(preTest()),
      'GET /assessment-result?assessmentId=test-1': [preTestResult({ studyTopics: [] })],
    });
    const { unmount } = renderTestPage(latest);
    expect(await screen.findByText('ไม่มีหัวข้อที่ต้องทบทวนเป็นพิเศษ เรียนตามลำดับตอนได้เลย')).toBeTruthy();
    await screen.findByRole('link', { name: 'เริ่มเรียนตอนแรก' });
    expect(document.body.textContent).not.toMatch(/ผ่าน/);
    // No attempt is left: still done, not "out of attempts".
    expect(screen.queryByText('คุณใช้สิทธิ์ทำแบบทดสอบนี้ครบแล้ว')).toBeNull();
    unmount();

    fakeApi({
      ...baseRoutes,
      'GET /assessment/test-1': detail(preTest({ passingScore: 60 })),
      'GET /assessment-result?assessmentId=test-1': [preTestResult()],
    });
    renderTestPage(latest);
    expect(await screen.findByText('ยังไม่ผ่าน (เกณฑ์ผ่าน 60%)')).toBeTruthy();
    expect(screen.getByText(PRE_NOTE)).toBeTruthy();
    for (const hidden of ['ถูก', 'ผิด', 'คำตอบที่ถูก', 'คำอธิบาย']) expect(screen.queryByText(hidden)).toBeNull();
  });

  it('the intro of a pre-test without a pass mark: no pass mark, and done once taken, never "not passed yet"', async () => {
    fakeApi({
      ...baseRoutes,
      'GET /assessment/test-1': detail(preTest({ maxAttempts: 3, attemptsLeft: 2 })),
    });
    renderTestPage();
    expect(await screen.findByText('ไม่มี (วัดความรู้ก่อนเรียน)')).toBeTruthy();
    expect(screen.getByText('คะแนนดีที่สุด 33%')).toBeTruthy();
    expect(screen.getByText('ทำแล้ว')).toBeTruthy();
    expect(screen.queryByText('ยังไม่ผ่าน')).toBeNull();
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
