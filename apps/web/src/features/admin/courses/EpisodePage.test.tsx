import type { AdminCourse } from '@rianroo/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS, nowSeconds } from '../../../lib/storage';
import { ToastProvider } from '../../../lib/toast';
import { withApp } from '../../../test-content';
import EpisodePage from './EpisodePage';

const COURSE = '00000000-0000-7000-8000-000000000001';
const EPISODE = '00000000-0000-7000-8000-000000000002';
const none = { status: 'none', progress: 0, error: null, durationSeconds: 0, posterUrl: null };
// A published course whose newest episode was just added: hidden, no video yet.
const course = {
  id: COURSE,
  slug: 'money',
  title: 'การเงินส่วนบุคคล',
  status: 'published',
  episodes: [
    {
      id: EPISODE,
      courseId: COURSE,
      sort: 2,
      sectionTitle: null,
      title: 'ตอนใหม่',
      description: '',
      isTeaser: false,
      published: false,
      durationSeconds: 0,
      video: none,
    },
  ],
  publishBlockers: [],
} as unknown as AdminCourse;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let patches: unknown[] = [];
beforeEach(() => {
  localStorage.setItem(KEYS.token, 'access');
  localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
  patches = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PATCH') {
        patches.push(JSON.parse(String(init.body)));
        return json(
          {
            statusCode: 409,
            code: 'EPISODE_NOT_READY',
            message: 'This episode has no ready video yet',
          },
          409,
        );
      }
      if (url.includes('/video')) return json(none);
      if (url.includes('/assessments')) return json({ items: [] });
      return json(course);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the episode page of a hidden episode', () => {
  it('shows it hidden, sends the shown flag, says in Thai why it cannot be shown before its video is ready, and unticks the box', async () => {
    render(
      withApp(
        <ToastProvider>
          <Routes>
            <Route path="/admin/courses/:courseId/episodes/:episodeId" element={<EpisodePage />} />
          </Routes>
        </ToastProvider>,
        `/admin/courses/${COURSE}/episodes/${EPISODE}`,
      ),
    );
    const shown = await screen.findByLabelText('ผู้เรียนเห็นตอนนี้');
    expect((shown as HTMLInputElement).checked).toBe(false);
    fireEvent.click(shown);
    fireEvent.click(screen.getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(patches).toEqual([{ title: 'ตอนใหม่', isTeaser: false, published: true }]));
    expect(await screen.findByText(/ตอนนี้ยังไม่มีวิดีโอที่พร้อมเล่น/)).toBeTruthy();
    // Refused: the box says again what learners see (nothing changed).
    await waitFor(() => expect((shown as HTMLInputElement).checked).toBe(false));
  });
});
