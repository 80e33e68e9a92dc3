import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withApp } from '../../../test-content';
import type { MyCourse } from '../api/my-courses';
import { MyCourseCard } from './MyCourseCard';
import { courseFixture } from '../../../test-content';

const mine = (over: Partial<MyCourse> = {}): MyCourse => ({
  ...courseFixture({
    id: '0190b2a4-7d3e-7c51-9a2b-0000000000c1',
    slug: 'stocks',
    title: 'ลงทุนหุ้นไทย',
    episodeCount: 5,
    totalDurationSeconds: 3000,
  }),
  courseFinishPercentage: 40,
  lastWatchedEpisodeId: '0190b2a4-7d3e-7c51-9a2b-0000000000e2',
  lastWatchedAt: '2025-03-15T05:00:00Z',
  completed: false,
  testsTotal: 3,
  testsPassed: 1,
  certificateCode: null,
  ...over,
});
const show = (course: MyCourse) => render(withApp(<MyCourseCard course={course} />, '/library'));

describe('MyCourseCard', () => {
  it('offers to resume an unfinished course at the last episode, with the tests passed so far', () => {
    show(mine());
    expect(screen.getByRole('link', { name: 'ดูต่อ: ลงทุนหุ้นไทย' }).getAttribute('href')).toBe(
      '/library/course/stocks/episode/0190b2a4-7d3e-7c51-9a2b-0000000000e2',
    );
    expect(screen.getByText('ผ่านแบบทดสอบ 1/3')).toBeTruthy();
    expect(screen.queryByText('เรียนจบแล้ว')).toBeNull();
    expect(screen.queryByRole('link', { name: /ใบประกาศ/ })).toBeNull();
  });

  it('shows a completed course with its badge, review and certificate link, and no resume', () => {
    show(
      mine({ completed: true, testsPassed: 3, courseFinishPercentage: 100, certificateCode: 'ABCD2345EFGH' }),
    );
    expect(screen.getByText('เรียนจบแล้ว')).toBeTruthy();
    expect(screen.getByText('ผ่านแบบทดสอบ 3/3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ดูใบประกาศ: ลงทุนหุ้นไทย' }).getAttribute('href')).toBe(
      '/library/course/stocks/certificate',
    );
    expect(screen.getByRole('link', { name: 'ทบทวน: ลงทุนหุ้นไทย' }).getAttribute('href')).toBe(
      '/library/course/stocks',
    );
    expect(screen.queryByRole('link', { name: /ดูต่อ/ })).toBeNull();
  });

  it('sends a completed course without a certificate to the completed page to get one', () => {
    show(mine({ completed: true, testsTotal: 0, testsPassed: 0 }));
    expect(screen.getByRole('link', { name: 'รับใบประกาศ: ลงทุนหุ้นไทย' }).getAttribute('href')).toBe(
      '/library/course/stocks/completed',
    );
    expect(screen.queryByText(/ผ่านแบบทดสอบ/)).toBeNull();
  });

  it('shows who assigned a course and its due date (overdue marked), and offers to start one not begun', () => {
    show(
      mine({
        lastWatchedAt: null,
        lastWatchedEpisodeId: null,
        courseFinishPercentage: 0,
        assignment: { organization: 'โรงพยาบาลตัวอย่าง', dueAt: '2025-04-30T16:59:00Z', overdue: false },
      }),
    );
    expect(screen.getByText('มอบหมายโดย โรงพยาบาลตัวอย่าง')).toBeTruthy();
    expect(screen.getByText(/^กำหนดส่ง /)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'เริ่มเรียน: ลงทุนหุ้นไทย' }).getAttribute('href')).toBe(
      '/library/course/stocks',
    );
    const { unmount } = show(
      mine({ assignment: { organization: 'โรงพยาบาลตัวอย่าง', dueAt: '2025-04-30T16:59:00Z', overdue: true } }),
    );
    expect(screen.getByText(/^เลยกำหนด /)).toBeTruthy();
    unmount();
  });
});
