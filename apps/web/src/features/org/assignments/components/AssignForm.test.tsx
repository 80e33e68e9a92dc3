import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withApp } from '../../../../test-content';
import { answer, callsTo, stubOrgApi } from '../../org-test-api';
import { AssignForm } from './AssignForm';

const ORG = '0b5c3f4e-8f6a-4d3b-9c1e-2a7d5e6f8a90';
const COURSE = { id: '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d', title: 'วางแผนการเงิน' };
const MEMBER = {
  id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  name: 'สมหญิง ใจดี',
  email: 'somying@example.com',
};

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('assigning a course in the console', () => {
  it('offers due dates from tomorrow in Bangkok (already 30 November there at 18:30 UTC on the 29th), and sends that day’s end', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-29T18:30:00.000Z'));
    const fetchMock = stubOrgApi({
      'GET /api/courses': () => answer({ courses: [COURSE], total: 1 }),
      [`GET /api/org/${ORG}/groups`]: () => answer([]),
      [`GET /api/org/${ORG}/people`]: () => answer([MEMBER]),
      [`POST /api/org/${ORG}/assignments`]: () => answer({ courseId: COURSE.id, assigned: 1 }),
    });
    const run = vi.fn((p: Promise<string>) => p.then(() => undefined));
    render(withApp(<AssignForm orgId={ORG} run={run} />));
    const due = screen.getByLabelText('กำหนดส่ง (ไม่บังคับ)') as HTMLInputElement;
    expect(due.min).toBe('2026-12-01');

    fireEvent.click(await screen.findByRole('button', { name: COURSE.title }));
    fireEvent.click(await screen.findByRole('button', { name: `เลือก ${MEMBER.name}` }));
    // Today (30 November in Bangkok) is refused at the field, before anything is sent.
    fireEvent.change(due, { target: { value: '2026-11-30' } });
    fireEvent.click(screen.getByRole('button', { name: 'มอบหมาย' }));
    expect(due.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, `POST /api/org/${ORG}/assignments`)).toEqual([]);
    fireEvent.change(due, { target: { value: '2026-12-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'มอบหมาย' }));
    await vi.waitFor(() => expect(run).toHaveBeenCalledOnce());
    expect(callsTo(fetchMock, `POST /api/org/${ORG}/assignments`).map((c) => c.body)).toEqual([
      { courseId: COURSE.id, userIds: [MEMBER.id], groupIds: [], dueAt: '2026-12-01T23:59:00+07:00' },
    ]);
  });
});
