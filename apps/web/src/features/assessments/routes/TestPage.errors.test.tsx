import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, baseRoutes, course, detail, fakeApi, json, renderTestPage } from '../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

const allWatched = {
  [`GET /users/watched-episode?course=${course.id}`]: {
    watchedEpisode: ['ep-1', 'ep-2'],
    watchedEpisodeIncludeTeaser: ['ep-1', 'ep-2'],
    courseFinishPercentage: 100,
  },
};

describe('TestPage: what cannot be taken, in Thai', () => {
  it('shows a locked test with the way to a free trial on 403 NO_ACCESS', async () => {
    fakeApi({
      ...baseRoutes,
      'GET /assessment/test-1': () => apiError(403, 'NO_ACCESS'),
      'GET /free-trial': { eligible: true, active: false, endsAt: null },
    });
    renderTestPage();
    expect(await screen.findByRole('heading', { name: 'แบบทดสอบนี้สำหรับสมาชิก' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'ทดลองเรียนฟรี' })).getAttribute('href')).toBe(
      '/free-trial',
    );
    expect(screen.queryByText('English server message')).toBeNull();
  });

  it('once the trial is used, the lock leads to the plans instead', async () => {
    fakeApi({
      ...baseRoutes,
      'GET /assessment/test-1': () => apiError(403, 'NO_ACCESS'),
      'GET /free-trial': { eligible: false, active: false, endsAt: null },
    });
    renderTestPage();
    expect((await screen.findByRole('link', { name: 'ดูแพ็กเกจสมาชิก' })).getAttribute('href')).toBe('/pricing');
    expect(screen.queryByRole('link', { name: 'ทดลองเรียนฟรี' })).toBeNull();
  });

  it('says an unknown test is not found, with no retry', async () => {
    fakeApi({ ...baseRoutes });
    renderTestPage();
    expect(await screen.findByText('ไม่พบแบบทดสอบนี้ในคอร์ส')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'ลองอีกครั้ง' })).toBeNull();
  });

  it('treats a test of another course as not found', async () => {
    fakeApi({ ...baseRoutes, 'GET /assessment/test-1': detail({ courseId: 'another-course' }) });
    renderTestPage();
    expect(await screen.findByText('ไม่พบแบบทดสอบนี้ในคอร์ส')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /เริ่มทำ/ })).toBeNull();
  });

  it('says a network failure in Thai and loads the test on retry', async () => {
    let fail = true;
    fakeApi({
      ...baseRoutes,
      'GET /assessment/test-1': () => {
        if (fail) throw new TypeError('Failed to fetch');
        return json(detail());
      },
    });
    renderTestPage();
    // Two quiet retries first (a network failure may pass), then the message.
    expect(
      await screen.findByText(
        'ติดต่อเซิร์ฟเวอร์ไม่ได้ ตรวจสอบการเชื่อมต่ออินเทอร์เน็ตแล้วลองอีกครั้ง',
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'ลองอีกครั้ง' }));
    expect(await screen.findByRole('button', { name: 'เริ่มทำแบบทดสอบ' })).toBeTruthy();
  });

  it('keeps a post-test closed before every episode is watched and lists the episodes left', async () => {
    const calls = fakeApi({
      ...baseRoutes,
      'GET /assessment/test-1': detail({ kind: 'post_test', episodeId: null, title: 'แบบทดสอบหลังเรียน' }),
    });
    renderTestPage();
    expect(await screen.findByText('ดูให้ครบทุกตอนก่อน แล้วจึงทำแบบทดสอบหลังเรียน')).toBeTruthy();
    const left = await screen.findByRole('link', { name: 'ตอนที่ 2: งบประมาณ 50/30/20' });
    expect(left.getAttribute('href')).toBe(`/library/course/${course.slug}/episode/ep-2`);
    expect(screen.queryByRole('link', { name: /ตอนที่ 1:/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'เริ่มทำแบบทดสอบ' })).toBeNull();
    expect(calls.some((c) => c.path === '/assessment-response')).toBe(false);
  });

  it('maps PREREQUISITE_NOT_MET from the server to its Thai message', async () => {
    fakeApi({
      ...baseRoutes,
      ...allWatched,
      'GET /assessment/test-1': detail({ kind: 'post_test', episodeId: null }),
      'POST /assessment-response': () => apiError(409, 'PREREQUISITE_NOT_MET'),
    });
    renderTestPage();
    fireEvent.click(await screen.findByRole('button', { name: 'เริ่มทำแบบทดสอบ' }));
    expect(await screen.findByText('แบบทดสอบหลังเรียนจะเปิดเมื่อดูครบทุกตอนแล้ว')).toBeTruthy();
    expect(screen.queryByText('English server message')).toBeNull();
  });

  it('lets a skippable pre-test be skipped: remembered on this device, and the course opens', async () => {
    const calls = fakeApi({
      ...baseRoutes,
      'GET /assessment/test-1': detail({ kind: 'pre_test', episodeId: null, skippable: true }),
    });
    renderTestPage();
    fireEvent.click(await screen.findByRole('button', { name: 'ข้ามแบบทดสอบก่อนเรียน' }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(`/library/course/${course.slug}`),
    );
    expect(localStorage.getItem('preTestSkipped:test-1')).toBe('1');
    expect(calls.some((c) => c.path === '/assessment-response')).toBe(false);
  });

  it('offers no skip for a pre-test that cannot be skipped', async () => {
    fakeApi({ ...baseRoutes, 'GET /assessment/test-1': detail({ kind: 'pre_test', episodeId: null }) });
    renderTestPage();
    expect(await screen.findByRole('button', { name: 'เริ่มทำแบบทดสอบ' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'ข้ามแบบทดสอบก่อนเรียน' })).toBeNull();
  });
});
