import type { AdminCourse } from '@rianroo/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS, nowSeconds } from '../../../lib/storage';
import { ToastProvider } from '../../../lib/toast';
import { withApp } from '../../../test-content';
import { CourseForm } from './CourseForm';
import { useCourse } from './courses-api';

const COURSE = '00000000-0000-7000-8000-000000000001';
const course = (over: Partial<AdminCourse>) =>
  ({
    id: COURSE,
    slug: 'money',
    title: 'การเงินส่วนบุคคล',
    subtitle: '',
    description: '',
    categoryId: null,
    level: 'beginner',
    language: 'th',
    free: false,
    tags: [],
    instructorIds: [],
    status: 'draft',
    coverImage: null,
    episodes: [],
    publishBlockers: [],
    version: '3',
    ...over,
  }) as AdminCourse;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let patches: Record<string, unknown>[] = [];
// What the server has: another administrator's save moved it on after this form was read.
let stored = course({});
beforeEach(() => {
  localStorage.setItem(KEYS.token, 'access');
  localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
  patches = [];
  stored = course({});
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PATCH') {
        patches.push(JSON.parse(String(init.body)));
        stored = course({ title: 'ชื่อจากผู้ดูแลอีกคน', version: '4' });
        return json(
          { statusCode: 409, code: 'EDIT_CONFLICT', message: 'Another administrator changed this meanwhile' },
          409,
        );
      }
      if (url.includes('/categories')) return json({ items: [] });
      if (url.includes('/instructors'))
        return json({
          items: [
            {
              id: '00000000-0000-7000-8000-0000000000a1',
              slug: 'somchai',
              name: 'สมชาย ใจดี',
              headline: 'นักวางแผนการเงิน',
            },
            { id: '00000000-0000-7000-8000-0000000000a2', slug: 'suda', name: 'สุดา รักเรียน', headline: '' },
          ],
          total: 2,
          page: 1,
          pageSize: 100,
        });
      return json(stored);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function Page() {
  const c = useCourse(COURSE);
  return c.data ? <CourseForm course={c.data} /> : null;
}

describe('the course form', () => {
  it('sends the version it was read at; refused as EDIT_CONFLICT, it says so and shows the course as it is now', async () => {
    render(withApp(<ToastProvider>{<Page />}</ToastProvider>));
    const title = await screen.findByLabelText('ชื่อคอร์ส');
    fireEvent.change(title, { target: { value: 'ชื่อของฉัน' } });
    fireEvent.click(screen.getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(patches).toMatchObject([{ title: 'ชื่อของฉัน', version: '3' }]));
    expect(await screen.findByText(/มีผู้ดูแลระบบคนอื่นแก้ไขรายการนี้ไปก่อนแล้ว/)).toBeTruthy();
    // Read again: the other administrator's title, and the next save is based on it.
    await waitFor(() => expect((title as HTMLInputElement).value).toBe('ชื่อจากผู้ดูแลอีกคน'));
    fireEvent.click(screen.getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(patches[1]).toMatchObject({ title: 'ชื่อจากผู้ดูแลอีกคน', version: '4' }));
  });

  it('names the course’s instructors: a box per instructor, the ones ticked sent with the save', async () => {
    stored = course({ instructorIds: ['00000000-0000-7000-8000-0000000000a2'] });
    render(withApp(<ToastProvider>{<Page />}</ToastProvider>));
    const group = await screen.findByRole('group', { name: 'ผู้สอน' });
    const somchai = await screen.findByRole('checkbox', { name: /สมชาย ใจดี/ });
    const suda = screen.getByRole('checkbox', { name: /สุดา รักเรียน/ });
    expect(group.contains(somchai)).toBe(true);
    expect((somchai as HTMLInputElement).checked).toBe(false);
    expect((suda as HTMLInputElement).checked).toBe(true);
    fireEvent.click(somchai);
    fireEvent.click(suda);
    fireEvent.click(screen.getByRole('button', { name: 'บันทึก' }));
    await waitFor(() =>
      expect(patches.at(-1)).toMatchObject({ instructorIds: ['00000000-0000-7000-8000-0000000000a1'] }),
    );
  });
});
