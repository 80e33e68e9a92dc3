import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { KEYS, nowSeconds } from '../../../lib/storage';
import { withApp } from '../../../test-content';
import AnalyticsRoutes from './AnalyticsRoutes';

// uPlot draws on a canvas, which jsdom has not: the charts are pictures beside what is tested here.
vi.mock('./charts/DailyChart', () => ({ default: () => <div data-testid="chart" /> }));
vi.mock('./charts/RetentionChart', () => ({ default: () => <div data-testid="chart" /> }));

const EPISODE = '00000000-0000-7000-8000-00000000000e';
const COURSE = '00000000-0000-7000-8000-00000000000c';
const day = (d: string, signUps: number, active: number) => ({
  day: d,
  signUps,
  activeLearners: active,
  episodeCompletions: 0,
  certificates: 0,
});
let answers: Record<string, { status?: number; body: unknown }> = {};
let calls: string[] = [];
beforeEach(() => {
  localStorage.setItem(KEYS.token, 'access');
  localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
  calls = [];
  answers = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const path = url.replace(/\?.*/, '');
      const a = answers[path] ?? { status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: 'x' } };
      return new Response(JSON.stringify(a.body), {
        status: a.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const renderAt = (path: string) =>
  render(
    withApp(
      <Routes>
        <Route path="/admin/analytics/*" element={<AnalyticsRoutes />} />
      </Routes>,
      path,
    ),
  );

describe('analytics screens', () => {
  it("the overview asks for the URL's range and tells its figures in words, revenue in baht", async () => {
    answers['/api/admin/analytics/overview'] = {
      body: {
        from: '2026-01-01',
        to: '2026-01-02',
        days: [day('2026-01-01', 3, 5), day('2026-01-02', 1, 9)],
        weeks: [{ weekStart: '2025-12-29', activeLearners: 12 }],
        revenue: [
          {
            planId: EPISODE,
            planName: 'รายปี',
            planNameEn: 'Yearly',
            currency: 'THB',
            orders: 2,
            satang: 398_000,
          },
        ],
      },
    };
    answers['/api/admin/analytics/courses'] = { body: [] };
    renderAt('/admin/analytics?from=2026-01-01&to=2026-01-02');
    expect(await screen.findByText(/สมัครใหม่รวม 4 คน \(มากที่สุด 3 คนเมื่อ 1 มกราคม 2569\)/)).toBeTruthy();
    expect(screen.getByText(/เฉลี่ยวันละ 7 คน สูงสุด 9 คนเมื่อ 2 มกราคม 2569/)).toBeTruthy();
    expect(screen.getByText('รายได้รวม ฿3,980.00 จาก 2 คำสั่งซื้อ')).toBeTruthy();
    expect(screen.getByText('ยังไม่มีคอร์สที่เผยแพร่')).toBeTruthy();
    expect(calls).toContain('/api/admin/analytics/overview?from=2026-01-01&to=2026-01-02');
  });

  it('an overview with nothing in it says there is no data yet; a failed one offers to retry', async () => {
    answers['/api/admin/analytics/overview'] = {
      body: { from: '2026-01-01', to: '2026-01-01', days: [day('2026-01-01', 0, 0)], weeks: [], revenue: [] },
    };
    renderAt('/admin/analytics?days=7');
    expect(await screen.findByText(/ยังไม่มีข้อมูลในช่วงนี้/)).toBeTruthy();
    expect(screen.queryByTestId('chart')).toBeNull();

    answers['/api/admin/analytics/overview'] = {
      status: 500,
      body: { statusCode: 500, code: 'INTERNAL', message: 'x' },
    };
    fireEvent.click(screen.getByRole('button', { name: '90 วันล่าสุด' }));
    expect(await screen.findByRole('button', { name: 'ลองอีกครั้ง' })).toBeTruthy();
  });

  it('a custom range the contract refuses is not asked for, and says why', async () => {
    answers['/api/admin/analytics/overview'] = {
      body: { from: 'x', to: 'x', days: [], weeks: [], revenue: [] },
    };
    renderAt('/admin/analytics');
    await screen.findByText(/ยังไม่มีข้อมูลในช่วงนี้/);
    const asked = calls.length;
    fireEvent.change(screen.getByLabelText('ตั้งแต่'), { target: { value: '2026-02-10' } });
    fireEvent.change(screen.getByLabelText('ถึง'), { target: { value: '2026-02-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'ใช้ช่วงนี้' }));
    expect((await screen.findByRole('alert')).textContent).toBe('วันเริ่มต้นต้องไม่อยู่หลังวันสิ้นสุด');
    expect(calls.slice(asked).some((u) => u.includes('/overview'))).toBe(false);
  });

  it("a course's funnel gives each step's share of those who started", async () => {
    answers[`/api/admin/analytics/courses/${COURSE}/funnel`] = {
      body: {
        courseId: COURSE,
        title: 'หุ้นเบื้องต้น',
        from: '2026-01-01',
        to: '2026-01-30',
        steps: [
          { kind: 'started', id: null, title: '', learners: 4 },
          { kind: 'episode', id: EPISODE, title: 'ตอนแรก', learners: 3 },
          { kind: 'certificate', id: null, title: '', learners: 1 },
        ],
      },
    };
    answers['/api/admin/analytics/courses'] = { body: [] };
    renderAt(`/admin/analytics/courses/${COURSE}`);
    expect(
      await screen.findByText('เริ่มเรียน 4 คน ดูจบตอนสุดท้าย 3 คน (75%) ได้ใบประกาศนียบัตร 1 คน (25%)'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'หุ้นเบื้องต้น' })).toBeTruthy();
  });

  it("a course's learners whose saves were cut: each with the saves and the time not credited, linked; none said plainly", async () => {
    const USER = '00000000-0000-7000-8000-0000000000aa';
    answers[`/api/admin/analytics/courses/${COURSE}/funnel`] = {
      body: { courseId: COURSE, title: 'หุ้นเบื้องต้น', from: '2026-01-01', to: '2026-01-30', steps: [] },
    };
    answers['/api/admin/analytics/courses'] = { body: [] };
    answers[`/api/admin/analytics/courses/${COURSE}/budget-cuts`] = {
      body: {
        courseId: COURSE,
        title: 'หุ้นเบื้องต้น',
        learners: [
          {
            userId: USER,
            name: 'สมชาย ใจเร็ว',
            email: 'fast@example.com',
            savesCut: 12,
            secondsCut: 754,
            firstCutAt: '2026-01-05T03:00:00.000Z',
            lastCutAt: '2026-01-06T03:00:00.000Z',
          },
        ],
      },
    };
    const { unmount } = renderAt(`/admin/analytics/courses/${COURSE}`);
    const table = await screen.findByRole('table', { name: 'ผู้เรียนที่บันทึกเวลาดูเร็วเกินจริง' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: 'สมชาย ใจเร็ว' }).getAttribute('href')).toBe(
      `/admin/users/${USER}`,
    );
    expect(within(row).getByText('fast@example.com')).toBeTruthy();
    expect(within(row).getByText('12')).toBeTruthy();
    expect(within(row).getByText('12:34')).toBeTruthy();
    unmount();
    answers[`/api/admin/analytics/courses/${COURSE}/budget-cuts`] = {
      body: { courseId: COURSE, title: 'หุ้นเบื้องต้น', learners: [] },
    };
    renderAt(`/admin/analytics/courses/${COURSE}`);
    expect(await screen.findByText('ยังไม่มีการบันทึกเวลาดูที่ถูกตัดในคอร์สนี้')).toBeTruthy();
  });

  it("an episode's retention: its viewers and shares in words and in the table; none yet said plainly", async () => {
    const curve = {
      episodeId: EPISODE,
      courseId: COURSE,
      title: 'ตอนแรก',
      durationSeconds: 5,
      viewers: 2,
      counts: [2, 2, 1, 1, 1],
      share: [1, 1, 0.5, 0.5, 0.5],
      drops: [{ from: 1, to: 2, shareBefore: 1, shareAfter: 0.5 }],
    };
    answers[`/api/admin/analytics/episodes/${EPISODE}/retention`] = { body: curve };
    const { unmount } = renderAt(`/admin/analytics/courses/${COURSE}/episodes/${EPISODE}`);
    expect(await screen.findByText(/ผู้ชม 2 คน ความยาว 0:05 ยังดูอยู่ 100% ที่ 0:00, 100% ที่ 0:01/)).toBeTruthy();
    expect(screen.getByText('0:01–0:02: จาก 100% เหลือ 50%')).toBeTruthy();
    expect(screen.getByRole('row', { name: '0:04 1 50%' })).toBeTruthy();
    unmount();

    answers[`/api/admin/analytics/episodes/${EPISODE}/retention`] = {
      body: { ...curve, viewers: 0, counts: [0, 0, 0, 0, 0], share: [0, 0, 0, 0, 0], drops: [] },
    };
    renderAt(`/admin/analytics/courses/${COURSE}/episodes/${EPISODE}`);
    expect(await screen.findByText(/ยังไม่มีผู้ชมตอนนี้/)).toBeTruthy();
  });
});
