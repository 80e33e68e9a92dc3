import type { Assignee } from '@rianroo/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withApp } from '../../../../test-content';
import { answer, callsTo, stubOrgApi } from '../../org-test-api';
import AssignmentCoursePage from './AssignmentCoursePage';

const ORG = '0b5c3f4e-8f6a-4d3b-9c1e-2a7d5e6f8a90';
const COURSE = '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d';
const person = (id: string, name: string) => ({ id, name, email: `${id.slice(0, 4)}@example.com` });
const assignee = (user: Assignee['user']): Assignee => ({
  user,
  group: null,
  assignedAt: '2026-11-01T00:00:00.000Z',
  dueAt: null,
  canAccess: true,
  percent: 40,
  hasPostTest: true,
  postTestPassed: false,
  completed: false,
  completedAt: null,
  certificateCode: null,
  overdue: false,
});
const A = person('1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', 'สมหญิง ใจดี');
const B = person('2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a', 'สมชาย รักเรียน');
const base = `/api/org/${ORG}/assignments/${COURSE}`;

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('a course’s assignees in the console', () => {
  it('withdrawing an assignment asks first: cancelled, nothing is sent; confirmed, only that member’s is withdrawn', async () => {
    const fetchMock = stubOrgApi({
      [`GET ${base}`]: () =>
        answer({
          course: { id: COURSE, title: 'คอร์สทดสอบ', slug: 'c' },
          assignees: [assignee(A), assignee(B)],
        }),
      [`DELETE ${base}/users/${A.id}`]: () => answer(null, 204),
    });
    render(withApp(<AssignmentCoursePage orgId={ORG} courseId={COURSE} />));
    const withdraw = await screen.findByRole('button', { name: `ยกเลิกการมอบหมายของ ${A.name}` });

    fireEvent.click(withdraw);
    const dialog = screen.getByRole('dialog');
    expect(
      within(dialog).getByText(`ยกเลิกการมอบหมายคอร์สนี้ของ ${A.name}? ความคืบหน้าที่เรียนไปแล้วยังอยู่ครบ`),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'ยกเลิก' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toEqual([]);

    fireEvent.click(withdraw);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'ยืนยัน' }));
    expect(await screen.findByText('ยกเลิกการมอบหมายแล้ว')).toBeTruthy();
    expect(callsTo(fetchMock, `DELETE ${base}/users/${A.id}`)).toHaveLength(1);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
  });
});
