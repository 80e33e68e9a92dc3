import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS } from '../../../lib/storage';
import {
  completion,
  course,
  json,
  apiError,
  logIn,
  otherCourse,
  postTestId,
  renderAt,
  stubApi,
  uid,
} from '../lib/test-api';
import CourseCompletedPage from './CourseCompletedPage';

const bySlug = `GET /course/get-course-by-slug/${course.slug}`;
const completionRoute = `GET /course/${course.id}/completion`;
const recommendedRoute = `GET /users/my-recommended-course?userId=${uid}&courseId=${course.id}`;
const show = () =>
  renderAt(
    '/library/course/:slug/completed',
    <CourseCompletedPage />,
    `/library/course/${course.slug}/completed`,
  );

beforeEach(logIn);
afterEach(() => vi.unstubAllGlobals());

describe('CourseCompletedPage before completion', () => {
  it('lists the episodes left with a way back into the course, and the post-test to pass with its link', async () => {
    stubApi({
      [bySlug]: () => json(course),
      [completionRoute]: () =>
        json(
          completion({
            completed: false,
            completedAt: null,
            certificateAvailable: false,
            postTest: { ...completion().postTest!, passed: false, bestScore: 50 },
          }),
        ),
    });
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'อีกนิดเดียวก็เรียนจบ' })).toBeTruthy();
    expect(screen.getByText('ดูแล้ว 5 จาก 5 ตอน')).toBeTruthy();
    expect(screen.getByText('ทำ “แบบทดสอบหลังเรียน” ให้ได้อย่างน้อย 70%')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ทำแบบทดสอบหลังเรียน' }).getAttribute('href')).toBe(
      `/library/course/stocks/test/${postTestId}`,
    );
    expect(screen.queryByRole('heading', { name: 'ยินดีด้วย คุณเรียนจบแล้ว!' })).toBeNull();
  });

  it('sends the learner back to the episodes and keeps the post-test closed while episodes are left', async () => {
    stubApi({
      [bySlug]: () => json(course),
      [completionRoute]: () =>
        json(
          completion({
            completed: false,
            episodesDone: false,
            episodesWatched: 3,
            postTest: { ...completion().postTest!, passed: false, bestScore: null, attemptsUsed: 0 },
          }),
        ),
    });
    show();
    expect(await screen.findByText('ดูแล้ว 3 จาก 5 ตอน')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'ดูวิดีโอให้ครบทุกตอน' }).getAttribute('aria-valuenow')).toBe(
      '60',
    );
    expect(screen.getByRole('link', { name: 'เรียนต่อ' }).getAttribute('href')).toBe('/library/course/stocks');
    expect(screen.getByText('แบบทดสอบจะเปิดให้ทำเมื่อดูวิดีโอครบทุกตอน')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'ทำแบบทดสอบหลังเรียน' })).toBeNull();
  });
});

describe('CourseCompletedPage once completed', () => {
  it('focuses the celebration, shows the scores and improvement, thanks for the evaluation and links the certificate', async () => {
    stubApi({
      [bySlug]: () => json(course),
      [completionRoute]: () => json(completion()),
      [recommendedRoute]: () => json({ courses: [course, otherCourse(1)], watchedEpisode: [] }),
    });
    show();
    const headline = await screen.findByRole('heading', { level: 1, name: 'ยินดีด้วย คุณเรียนจบแล้ว!' });
    expect(document.activeElement).toBe(headline);
    const achieved = screen.getByRole('region', { name: 'สิ่งที่คุณทำสำเร็จ' });
    expect(within(achieved).getByText('5/5 ตอน')).toBeTruthy();
    expect(within(achieved).getByText('85%')).toBeTruthy();
    expect(within(achieved).getByText('40% → 85% (+45)')).toBeTruthy();
    expect(screen.getByText('ประเมินแล้ว ขอบคุณ')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'ทำแบบประเมิน' })).toBeNull();
    expect(screen.getByRole('link', { name: 'ดูและดาวน์โหลดใบประกาศ' }).getAttribute('href')).toBe(
      '/library/course/stocks/certificate',
    );
  });

  it('asks for the evaluation first when the certificate needs it, without a certificate link', async () => {
    stubApi({
      [bySlug]: () => json(course),
      [completionRoute]: () =>
        json(completion({ evaluated: false, certificateAvailable: false, preTest: null })),
      [recommendedRoute]: () => json({ courses: [], watchedEpisode: [] }),
      'GET /users/my-new-course': () => json([]),
    });
    show();
    const evaluation = await screen.findByRole('region', { name: 'ประเมินคอร์ส' });
    expect(within(evaluation).getByText('ทำแบบประเมินคอร์สให้เสร็จ เพื่อรับใบประกาศนียบัตร')).toBeTruthy();
    expect(within(evaluation).getByRole('link', { name: 'ทำแบบประเมิน' }).getAttribute('href')).toBe(
      '/library/course/stocks/evaluation',
    );
    expect(screen.getByText('ทำแบบประเมินคอร์สก่อน แล้วรับใบประกาศนียบัตรได้ทันที')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'ดูและดาวน์โหลดใบประกาศ' })).toBeNull();
    expect(screen.queryByText('พัฒนาการ')).toBeNull();
  });

  it('suggests courses watched together with this one, with both ids, leaving this course out', async () => {
    const calls = stubApi({
      [bySlug]: () => json(course),
      [completionRoute]: () => json(completion()),
      [recommendedRoute]: () =>
        json({ courses: [course, otherCourse(1), otherCourse(2)], watchedEpisode: [] }),
    });
    show();
    const next = await screen.findByRole('region', { name: 'เรียนอะไรต่อดี' });
    expect(await within(next).findByRole('link', { name: 'คอร์สถัดไป 1' })).toBeTruthy();
    expect(within(next).getByRole('link', { name: 'คอร์สถัดไป 2' })).toBeTruthy();
    expect(within(next).queryByRole('link', { name: course.title })).toBeNull();
    expect(calls.some((c) => c.path === '/users/my-new-course')).toBe(false);
  });

  it('falls back to the newest courses when nothing is recommended', async () => {
    stubApi({
      [bySlug]: () => json(course),
      [completionRoute]: () => json(completion()),
      [recommendedRoute]: () => json({ courses: [course], watchedEpisode: [] }),
      'GET /users/my-new-course': () => json([course, otherCourse(3, 'คอร์สใหม่ล่าสุด')]),
    });
    show();
    const next = await screen.findByRole('region', { name: 'เรียนอะไรต่อดี' });
    expect(await within(next).findByRole('link', { name: 'คอร์สใหม่ล่าสุด' })).toBeTruthy();
    expect(within(next).queryByRole('link', { name: course.title })).toBeNull();
  });

  it('never asks for recommendations without the learner id', async () => {
    localStorage.removeItem(KEYS.uid);
    const calls = stubApi({
      [bySlug]: () => json(course),
      [completionRoute]: () => json(completion()),
      'GET /users/my-new-course': () => json([otherCourse(4, 'คอร์สใหม่')]),
    });
    show();
    expect(await screen.findByRole('link', { name: 'คอร์สใหม่' })).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/users/my-recommended-course'))).toBe(false);
  });
});

describe('CourseCompletedPage when something fails', () => {
  it('shows a Thai error instead of the server words, and retries', async () => {
    stubApi({
      [bySlug]: () => json(course),
      [completionRoute]: [() => apiError(500, 'INTERNAL_ERROR', 'boom'), () => json(completion())],
      [recommendedRoute]: () => json({ courses: [], watchedEpisode: [] }),
      'GET /users/my-new-course': () => json([]),
    });
    show();
    expect(await screen.findByText('ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง')).toBeTruthy();
    expect(screen.queryByText('boom')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'ลองอีกครั้ง' }));
    expect(await screen.findByRole('heading', { name: 'ยินดีด้วย คุณเรียนจบแล้ว!' })).toBeTruthy();
  });

  it('says so for an unknown course', async () => {
    stubApi({ [bySlug]: () => apiError(404, 'NOT_FOUND') });
    show();
    expect(await screen.findByText('ไม่พบคอร์สนี้ หรือคอร์สยังไม่เปิดให้เรียน')).toBeTruthy();
  });
});
