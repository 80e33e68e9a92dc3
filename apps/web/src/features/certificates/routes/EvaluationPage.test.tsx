import type { EvaluationQuestion } from '@rianroo/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS } from '../../../lib/storage';
import { apiError, completion, course, json, logIn, renderAt, stubApi, uid } from '../lib/test-api';
import EvaluationPage from './EvaluationPage';

const q = (n: number, over: Partial<EvaluationQuestion>): EvaluationQuestion => ({
  id: `0190b2a4-7d3e-7c51-9a2b-0000000000e${n}`,
  kind: 'rating',
  promptTh: `คำถาม ${n}`,
  promptEn: `Question ${n}`,
  required: true,
  choices: [],
  ...over,
});
const questions = [
  q(1, { promptTh: 'ความพึงพอใจต่อคอร์ส', promptEn: 'How satisfied are you?' }),
  q(2, {
    kind: 'choice',
    promptTh: 'จะแนะนำให้เพื่อนไหม',
    promptEn: 'Would you recommend it?',
    choices: [
      { id: 'yes', labelTh: 'แนะนำ', labelEn: 'Yes' },
      { id: 'no', labelTh: 'ไม่แนะนำ', labelEn: 'No' },
    ],
  }),
  q(3, { kind: 'text', promptTh: 'ข้อเสนอแนะเพิ่มเติม', promptEn: 'Anything else?', required: false }),
];
const routes = {
  [`GET /course/get-course-by-slug/${course.slug}`]: () => json(course),
  [`GET /course/${course.id}/completion`]: () =>
    json(completion({ evaluated: false, certificateAvailable: false })),
  'GET /course-evaluation-question/active': () => json(questions),
  [`GET /course-evaluation/status/${course.id}/${uid}`]: () => json({ evaluated: false, evaluatedAt: null }),
};
const show = () =>
  renderAt(
    '/library/course/:slug/evaluation',
    <EvaluationPage />,
    `/library/course/${course.slug}/evaluation`,
  );
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'ส่งแบบประเมิน' }));

beforeEach(logIn);
afterEach(() => vi.unstubAllGlobals());

describe('EvaluationPage form', () => {
  it('asks each question in Thai: stars with words as a radio group, choices as radios, text with a counter', async () => {
    stubApi(routes);
    show();
    const rating = await screen.findByRole('group', { name: /ความพึงพอใจต่อคอร์ส/ });
    const stars = within(rating).getAllByRole('radio');
    expect(stars.map((s) => s.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    expect(within(rating).getByRole('radio', { name: '5 ดาว ดีมาก' })).toBeTruthy();
    const choice = screen.getByRole('group', { name: /จะแนะนำให้เพื่อนไหม/ });
    expect(within(choice).getByRole('radio', { name: 'แนะนำ' })).toBeTruthy();
    const text = screen.getByRole('textbox', { name: /ข้อเสนอแนะเพิ่มเติม/ });
    expect(text.getAttribute('maxlength')).toBe('2000');
    fireEvent.change(text, { target: { value: 'ดีมาก' } });
    expect(screen.getByText('5/2000 ตัวอักษร')).toBeTruthy();
  });

  it('keeps an error at each empty required question until it is answered, and sends nothing meanwhile', async () => {
    const calls = stubApi(routes);
    show();
    await screen.findByRole('group', { name: /ความพึงพอใจต่อคอร์ส/ });
    submit();
    expect(screen.getAllByText('กรุณาตอบคำถามนี้')).toHaveLength(2);
    expect(screen.getByText('ยังมีคำถามที่ต้องตอบอีก 2 ข้อ')).toBeTruthy();
    const firstStar = screen.getByRole('radio', { name: '1 ดาว ต้องปรับปรุง' });
    expect(document.activeElement).toBe(firstStar);
    fireEvent.click(screen.getByRole('radio', { name: '4 ดาว ดี' }));
    expect(screen.getAllByText('กรุณาตอบคำถามนี้')).toHaveLength(1);
    const choice = screen.getByRole('group', { name: /จะแนะนำให้เพื่อนไหม/ });
    expect(within(choice).getByText('กรุณาตอบคำถามนี้')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends the answers and thanks the learner, with the way to the certificate', async () => {
    const calls = stubApi({
      ...routes,
      'POST /course-evaluation': () => json({ evaluated: true, evaluatedAt: '2025-03-15T05:00:00Z' }, 201),
    });
    show();
    fireEvent.click(await screen.findByRole('radio', { name: '5 ดาว ดีมาก' }));
    fireEvent.click(screen.getByRole('radio', { name: 'แนะนำ' }));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '  สอนเข้าใจง่าย  ' } });
    submit();
    const thanks = await screen.findByRole('heading', { name: 'ขอบคุณสำหรับการประเมิน' });
    expect(document.activeElement).toBe(thanks);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      courseId: course.id,
      answers: [
        { questionId: questions[0]!.id, rating: 5 },
        { questionId: questions[1]!.id, choiceId: 'yes' },
        { questionId: questions[2]!.id, text: 'สอนเข้าใจง่าย' },
      ],
    });
    expect(screen.getByRole('link', { name: 'ดูและดาวน์โหลดใบประกาศ' }).getAttribute('href')).toBe(
      '/library/course/stocks/certificate',
    );
  });

  it('speaks English with the English prompts and labels', async () => {
    localStorage.setItem(KEYS.lang, 'en');
    stubApi(routes);
    show();
    const rating = await screen.findByRole('group', { name: /How satisfied are you\?/ });
    expect(within(rating).getByRole('radio', { name: '5 stars Excellent' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send evaluation' }));
    expect(screen.getAllByText('Please answer this question')).toHaveLength(2);
  });
});

describe('EvaluationPage when it cannot be sent', () => {
  it('says the course was already evaluated on 409 ALREADY_EXISTS, not the account message', async () => {
    stubApi({ ...routes, 'POST /course-evaluation': () => apiError(409, 'ALREADY_EXISTS') });
    show();
    fireEvent.click(await screen.findByRole('radio', { name: '3 ดาว ปานกลาง' }));
    fireEvent.click(screen.getByRole('radio', { name: 'ไม่แนะนำ' }));
    submit();
    expect(await screen.findByRole('heading', { name: 'คุณประเมินคอร์สนี้แล้ว' })).toBeTruthy();
    expect(screen.queryByText('อีเมลนี้มีบัญชีอยู่แล้ว')).toBeNull();
    expect(screen.queryByRole('button', { name: 'ส่งแบบประเมิน' })).toBeNull();
  });

  it('says so up front when the status says the course is evaluated, with the date', async () => {
    stubApi({
      ...routes,
      [`GET /course-evaluation/status/${course.id}/${uid}`]: () =>
        json({ evaluated: true, evaluatedAt: '2025-03-15T05:00:00.000Z' }),
    });
    show();
    expect(await screen.findByRole('heading', { name: 'คุณประเมินคอร์สนี้แล้ว' })).toBeTruthy();
    expect(screen.getByText(/ประเมินเมื่อ 15 มีนาคม 2568/)).toBeTruthy();
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('shows what is left and the completed page on 409 COURSE_NOT_COMPLETED', async () => {
    stubApi({
      ...routes,
      [`GET /course/${course.id}/completion`]: [
        () => json(completion({ evaluated: false })),
        () => json(completion({ completed: false, episodesWatched: 4, episodesDone: false })),
      ],
      'POST /course-evaluation': () => apiError(409, 'COURSE_NOT_COMPLETED'),
    });
    show();
    fireEvent.click(await screen.findByRole('radio', { name: '2 ดาว พอใช้' }));
    fireEvent.click(screen.getByRole('radio', { name: 'แนะนำ' }));
    submit();
    expect(await screen.findByText('ทำแบบประเมินได้เมื่อเรียนจบคอร์สแล้ว')).toBeTruthy();
    expect(await screen.findByText('ดูแล้ว 4 จาก 5 ตอน')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'กลับไปหน้าสรุปการเรียน' }).getAttribute('href')).toBe(
      '/library/course/stocks/completed',
    );
  });

  it('on 409 EVALUATION_CHANGED says so in Thai, shows the form as it is now, and sends again without the removed question', async () => {
    const calls = stubApi({
      ...routes,
      // The text question was deleted while the learner answered.
      'GET /course-evaluation-question/active': [() => json(questions), () => json(questions.slice(0, 2))],
      'POST /course-evaluation': [
        () => apiError(409, 'EVALUATION_CHANGED'),
        () => json({ evaluated: true, evaluatedAt: '2025-03-15T05:00:00Z' }, 201),
      ],
    });
    show();
    fireEvent.click(await screen.findByRole('radio', { name: '4 ดาว ดี' }));
    fireEvent.click(screen.getByRole('radio', { name: 'แนะนำ' }));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'เสียงเบาไป' } });
    submit();
    expect(
      await screen.findByText(
        'คำถามในแบบประเมินเปลี่ยนไประหว่างที่คุณตอบ เราโหลดคำถามล่าสุดให้แล้ว กรุณาตรวจคำตอบแล้วส่งอีกครั้ง',
      ),
    ).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    // The answers to the questions still asked are kept.
    expect((screen.getByRole('radio', { name: '4 ดาว ดี' }) as HTMLInputElement).checked).toBe(true);
    submit();
    expect(await screen.findByRole('heading', { name: 'ขอบคุณสำหรับการประเมิน' })).toBeTruthy();
    expect(
      calls.filter((c) => c.method === 'POST').map((c) => (c.body as { answers: unknown[] }).answers.length),
    ).toEqual([3, 2]);
  });

  it('shows a Thai error and keeps the answers on another failure', async () => {
    stubApi({ ...routes, 'POST /course-evaluation': () => apiError(500, 'INTERNAL_ERROR', 'db down') });
    show();
    fireEvent.click(await screen.findByRole('radio', { name: '4 ดาว ดี' }));
    fireEvent.click(screen.getByRole('radio', { name: 'แนะนำ' }));
    submit();
    expect(await screen.findByText('ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง')).toBeTruthy();
    expect(screen.queryByText('db down')).toBeNull();
    expect((screen.getByRole('radio', { name: '4 ดาว ดี' }) as HTMLInputElement).checked).toBe(true);
  });
});
