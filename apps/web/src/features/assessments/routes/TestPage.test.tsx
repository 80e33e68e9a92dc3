import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  attempt,
  baseRoutes,
  detail,
  fakeApi,
  renderTestPage,
  result,
  json,
  type Call,
} from '../test/fixtures';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const posts = (calls: Call[], path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);

describe('TestPage: taking a test', () => {
  it('restores the answers saved before a reload, in the same order, and opens on the first unanswered question', async () => {
    fakeApi({
      ...baseRoutes,
      'GET /assessment/test-1': detail({
        attemptsUsed: 1,
        attemptsLeft: 2,
        inProgress: attempt({ answers: [{ questionId: 'q1', choiceIds: ['q1b'] }] }),
      }),
    });
    renderTestPage();
    expect(await screen.findByRole('group', { name: /ข้อ 2 จาก 3.*ข้อใดเป็นค่าใช้จ่ายจำเป็น/ })).toBeTruthy();
    expect(screen.getAllByText('ตอบแล้ว 1 จาก 3 ข้อ').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'ข้อ 1, ตอบแล้ว' })).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'ทุกข้อในหน้าเดียว' }));
    const names = screen
      .getAllByRole('group')
      .map((g) => g.querySelector('legend')?.textContent ?? '')
      .filter((n) => n.startsWith('ข้อ'));
    expect(names).toEqual([
      expect.stringContaining('ควรมีเงินสำรองฉุกเฉินกี่เดือน'),
      expect.stringContaining('ข้อใดเป็นค่าใช้จ่ายจำเป็น'),
      expect.stringContaining('ควรลงทุนก่อนมีเงินสำรอง'),
    ]);
    expect((screen.getByRole('radio', { name: '3-6 เดือน' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: '1 เดือน' }) as HTMLInputElement).checked).toBe(false);
  });

  it('offers real radios and checkboxes under the question legend, reachable by keyboard, and picks by keyboard activation', async () => {
    const calls = fakeApi({
      ...baseRoutes,
      'GET /assessment/test-1': detail({ attemptsUsed: 1, attemptsLeft: 2, inProgress: attempt() }),
      'POST /assessment-response': attempt(),
    });
    renderTestPage();
    const first = await screen.findByRole('group', { name: /ข้อ 1 จาก 3/ });
    const radios = within(first).getAllByRole('radio');
    expect(radios).toHaveLength(2);
    // One Tab stop per group, named by its label; Space on the focused radio is a click.
    radios[1]!.focus();
    expect(document.activeElement).toBe(radios[1]);
    fireEvent.click(radios[1]!);
    expect((radios[1] as HTMLInputElement).checked).toBe(true);
    expect(radios.every((r) => r.getAttribute('name') === radios[0]!.getAttribute('name'))).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'ข้อถัดไป' }));
    const second = screen.getByRole('group', { name: /ข้อ 2 จาก 3/ });
    expect(within(second).getByText('เลือกได้หลายข้อ')).toBeTruthy();
    const boxes = within(second).getAllByRole('checkbox');
    fireEvent.click(boxes[0]!);
    fireEvent.click(boxes[1]!);
    expect(boxes.slice(0, 2).every((b) => (b as HTMLInputElement).checked)).toBe(true);
    // Moving on saved the first answer at once.
    await waitFor(() => expect(posts(calls, '/assessment-response').length).toBeGreaterThan(0));
    expect(posts(calls, '/assessment-response')[0]!.body).toEqual({
      assessmentId: 'test-1',
      answers: [{ questionId: 'q1', choiceIds: ['q1b'] }],
    });
  });

  it('saves a change one second after it, retries a failed save, and sends with keepalive when the page is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let failures = 1;
    const calls = fakeApi({
      ...baseRoutes,
      'GET /assessment/test-1': detail({ attemptsUsed: 1, attemptsLeft: 2, inProgress: attempt() }),
      'POST /assessment-response': () =>
        failures-- > 0
          ? apiError(500, 'INTERNAL_ERROR')
          : new Response(JSON.stringify(attempt()), { status: 200 }),
    });
    renderTestPage();
    const radio = await screen.findByRole('radio', { name: '1 เดือน' });
    // The fake clock also moves with real time (for the screen's own waits): the rule is checked on the
    // times the saves were made, never on how much real time a busy machine let pass.
    const changedAt = Date.now();
    fireEvent.click(radio);
    await act(async () => vi.advanceTimersByTime(1100));
    await waitFor(() => expect(posts(calls, '/assessment-response')).toHaveLength(1));
    expect(posts(calls, '/assessment-response')[0]!.at - changedAt).toBeGreaterThanOrEqual(1000);
    // A failing save is announced (a status), unlike the routine ones.
    await waitFor(() =>
      expect(screen.getAllByRole('status').some((s) => s.textContent === 'ยังบันทึกไม่ได้ กำลังลองใหม่…')).toBe(
        true,
      ),
    );
    await act(async () => vi.advanceTimersByTime(3000));
    await waitFor(() => expect(posts(calls, '/assessment-response')).toHaveLength(2));
    const [failed, retried] = posts(calls, '/assessment-response');
    expect(retried!.at - failed!.at).toBeGreaterThanOrEqual(3000);
    expect(posts(calls, '/assessment-response')[1]!.body).toEqual({
      assessmentId: 'test-1',
      answers: [{ questionId: 'q1', choiceIds: ['q1a'] }],
    });
    expect(await screen.findByText('บันทึกคำตอบแล้ว')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: '3-6 เดือน' }));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    await waitFor(() => expect(posts(calls, '/assessment-response')).toHaveLength(3));
    expect(posts(calls, '/assessment-response')[2]).toMatchObject({
      keepalive: true,
      body: { answers: [{ questionId: 'q1', choiceIds: ['q1b'] }] },
    });
  });

  it("counts down from the server's secondsLeft, warns once at one minute, and submits by itself at 0", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let graded = false;
    const calls = fakeApi({
      ...baseRoutes,
      'GET /assessment/test-1': () =>
        new Response(
          JSON.stringify(
            graded
              ? detail({ timeLimitSeconds: 600, questions: [], attemptsUsed: 1, attemptsLeft: 2 })
              : detail({
                  timeLimitSeconds: 600,
                  attemptsUsed: 1,
                  attemptsLeft: 2,
                  // The client's clock says the deadline is long gone: only secondsLeft counts.
                  inProgress: attempt({
                    secondsLeft: 65,
                    deadlineAt: '2000-01-01T00:00:00.000Z',
                    answers: [{ questionId: 'q1', choiceIds: ['q1a'] }],
                  }),
                }),
          ),
          { status: 200 },
        ),
      'POST /assessment-result': () => {
        graded = true;
        return new Response(JSON.stringify(result({ passed: false, score: 25, pointsEarned: 1 })), {
          status: 200,
        });
      },
    });
    const shownAt = Date.now();
    renderTestPage();
    const timer = await screen.findByRole('timer', { name: 'เวลาที่เหลือ' });
    // From the server's 65 seconds, less what the clock (fake, also moving with real time) says has passed
    // since the page opened; a countdown from the client's clock would show 0.
    const secondsShown = () => {
      const [m, s] = timer.textContent!.split(':').map(Number);
      return m! * 60 + s!;
    };
    const passed = Math.ceil((Date.now() - shownAt) / 1000);
    expect(secondsShown()).toBeLessThanOrEqual(65);
    expect(secondsShown()).toBeGreaterThanOrEqual(65 - passed - 1);
    if (secondsShown() > 60) expect(screen.queryByText('เหลือเวลาอีก 1 นาที')).toBeNull();

    await act(async () => vi.advanceTimersByTime(5000));
    expect(secondsShown()).toBeLessThanOrEqual(60);
    expect(screen.getAllByText('เหลือเวลาอีก 1 นาที')).toHaveLength(1);
    expect(posts(calls, '/assessment-result')).toHaveLength(0);

    await act(async () => vi.advanceTimersByTime(60_000));
    await waitFor(() => expect(posts(calls, '/assessment-result')).toHaveLength(1));
    expect(posts(calls, '/assessment-result')[0]!.body).toEqual({
      assessmentId: 'test-1',
      attemptId: 'attempt-1',
      answers: [{ questionId: 'q1', choiceIds: ['q1a'] }],
    });
    // The result keeps the questions as answered, though the timed test no longer lists them.
    expect(await screen.findByRole('heading', { name: 'ผลการทดสอบ' })).toBeTruthy();
    expect(screen.getByText('ควรมีเงินสำรองฉุกเฉินกี่เดือน')).toBeTruthy();
  });

  it('submits when an autosave answers TIME_UP', async () => {
    // As the server does: once graded, the attempt is no longer in progress (the page asks for the test again).
    let graded = false;
    const calls = fakeApi({
      ...baseRoutes,
      'GET /assessment/test-1': () =>
        json(detail({ attemptsUsed: 1, attemptsLeft: 2, inProgress: graded ? null : attempt() })),
      'POST /assessment-response': () => apiError(409, 'TIME_UP'),
      'POST /assessment-result': () => {
        graded = true;
        return json(result());
      },
    });
    renderTestPage();
    fireEvent.click(await screen.findByRole('radio', { name: '1 เดือน' }));
    fireEvent.click(screen.getByRole('button', { name: 'ข้อถัดไป' }));
    await waitFor(() => expect(posts(calls, '/assessment-result')).toHaveLength(1));
    expect(await screen.findByRole('heading', { name: 'ผลการทดสอบ' })).toBeTruthy();
  });

  it('asks before submitting: warns about unanswered questions, keeps focus inside, Escape closes and gives focus back', async () => {
    const calls = fakeApi({
      ...baseRoutes,
      'GET /assessment/test-1': detail({
        attemptsUsed: 1,
        attemptsLeft: 2,
        inProgress: attempt({ answers: [{ questionId: 'q1', choiceIds: ['q1b'] }] }),
      }),
    });
    renderTestPage();
    const submit = await screen.findByRole('button', { name: 'ส่งคำตอบ' });
    submit.focus();
    fireEvent.click(submit);
    const dialog = screen.getByRole('dialog', { name: 'ส่งคำตอบเลยไหม' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByText(/ยังมี 2 ข้อที่ยังไม่ได้ตอบ/)).toBeTruthy();
    const back = within(dialog).getByRole('button', { name: 'กลับไปทำต่อ' });
    const send = within(dialog).getByRole('button', { name: 'ส่งคำตอบ' });
    expect(document.activeElement).toBe(back);
    send.focus();
    fireEvent.keyDown(send, { key: 'Tab' });
    expect(document.activeElement).toBe(back);
    fireEvent.keyDown(back, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(send);
    fireEvent.keyDown(send, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(submit);
    expect(posts(calls, '/assessment-result')).toHaveLength(0);
  });
});
