import type { AdminCourse, AdminEpisode } from '@rianroo/contract';
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
const courseWith = (episode: Partial<AdminEpisode> = {}) =>
  ({
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
        version: '5',
        ...episode,
      },
    ],
    publishBlockers: [],
  }) as unknown as AdminCourse;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refusal = (code: string, message: string) => json({ statusCode: 409, code, message }, 409);
let patches: Record<string, unknown>[] = [];
// What the server has, and how it answers a save.
let stored = courseWith();
let onPatch: () => Response;
beforeEach(() => {
  localStorage.setItem(KEYS.token, 'access');
  localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
  patches = [];
  stored = courseWith();
  onPatch = () => refusal('EPISODE_NOT_READY', 'This episode has no ready video yet');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PATCH') {
        patches.push(JSON.parse(String(init.body)));
        return onPatch();
      }
      if (url.includes('/video')) return json(none);
      if (url.includes('/assessments')) return json({ items: [] });
      return json(stored);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = () =>
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

describe('the episode page of a hidden episode', () => {
  it('shows it hidden, sends the shown flag, says in Thai why it cannot be shown before its video is ready, and unticks the box', async () => {
    renderPage();
    const shown = await screen.findByLabelText('ผู้เรียนเห็นตอนนี้');
    expect((shown as HTMLInputElement).checked).toBe(false);
    fireEvent.click(shown);
    fireEvent.click(screen.getByRole('button', { name: 'บันทึก' }));
    await waitFor(() =>
      expect(patches).toEqual([{ title: 'ตอนใหม่', isTeaser: false, published: true, version: '5' }]),
    );
    expect(await screen.findByText(/ตอนนี้ยังไม่มีวิดีโอที่พร้อมเล่น/)).toBeTruthy();
    // Refused: the box says again what learners see (nothing changed).
    await waitFor(() => expect((shown as HTMLInputElement).checked).toBe(false));
  });
});

describe('the episode form', () => {
  it('sends the version it was read at; refused as EDIT_CONFLICT, it says so and shows the episode as it is now', async () => {
    onPatch = () => {
      // Another administrator's save came first: the episode moved on.
      stored = courseWith({ title: 'ชื่อจากผู้ดูแลอีกคน', isTeaser: true, version: '6' });
      return refusal('EDIT_CONFLICT', 'Another administrator changed this meanwhile');
    };
    renderPage();
    const title = await screen.findByLabelText('ชื่อตอน');
    fireEvent.change(title, { target: { value: 'ชื่อของฉัน' } });
    fireEvent.click(screen.getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(patches).toMatchObject([{ title: 'ชื่อของฉัน', version: '5' }]));
    expect(await screen.findByText(/มีผู้ดูแลระบบคนอื่นแก้ไขรายการนี้ไปก่อนแล้ว/)).toBeTruthy();
    // Read again: the other administrator's episode, and the next save is based on it.
    await waitFor(() => expect((title as HTMLInputElement).value).toBe('ชื่อจากผู้ดูแลอีกคน'));
    expect((screen.getByLabelText('ตัวอย่างฟรี') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'บันทึก' }));
    await waitFor(() =>
      expect(patches[1]).toEqual({ title: 'ชื่อจากผู้ดูแลอีกคน', isTeaser: true, published: false, version: '6' }),
    );
  });
});
