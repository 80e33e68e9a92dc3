import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS } from '../../../lib/storage';
import { useWatchProgress, type WatchHandlers } from './use-watch-progress';

const COURSE = '01900000-0000-7000-8000-0000000000c1';
const EPISODE = '01900000-0000-7000-8000-0000000000e1';

let calls: { url: string; body: Record<string, unknown>; keepalive?: boolean }[];
let now: number;
let position: number | undefined;

beforeEach(() => {
  now = Date.parse('2026-11-22T10:00:00Z');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  localStorage.setItem(KEYS.token, 'access');
  localStorage.setItem(KEYS.refreshToken, 'refresh');
  localStorage.setItem(KEYS.uid, 'u-1');
  localStorage.setItem(KEYS.tokenSavedTime, String(Math.floor(now / 1000)));
  calls = [];
  position = undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(init.body as string), keepalive: init.keepalive });
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const progressCalls = () => calls.filter((c) => c.url === '/api/users/on-going-episode');
const setup = (onWatchedChange = vi.fn()) =>
  renderHook(() =>
    useWatchProgress({
      courseId: COURSE,
      episodeId: EPISODE,
      duration: 30,
      currentTime: () => position,
      onWatchedChange,
    }),
  );
/** Plays from `from` to `to` as the video reports it (a time update every 250 ms of media time). */
const play = (h: WatchHandlers, from: number, to: number) => {
  for (let t = from; t <= to + 1e-9; t += 0.25) {
    now += 250;
    vi.setSystemTime(now);
    h.onTime(t, true);
  }
};

describe('progress while watching', () => {
  it('records the first watch once, and sends the union of played seconds every 10 s and on pause', async () => {
    const { result } = setup();
    result.current.onPlay();
    result.current.onPlay();
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('save-first-watched'))).toHaveLength(1));
    play(result.current, 0, 9);
    expect(progressCalls()).toHaveLength(0);
    play(result.current, 9.25, 12);
    await waitFor(() => expect(progressCalls()).toHaveLength(1));
    expect(progressCalls()[0]!.body).toMatchObject({ course_id: COURSE, episode_id: EPISODE });
    result.current.onPause(12);
    await waitFor(() => expect(progressCalls()).toHaveLength(2));
    // The spec's fields (an optional extra, such as the played ranges, may ride along).
    expect(progressCalls()[1]!.body).toMatchObject({
      course_id: COURSE,
      episode_id: EPISODE,
      last_second: 12,
      episodeCompletionPercentage: 40,
    });
    // Saved: the stored last second is cleared, the rest stays (spec section 3 keys).
    expect(localStorage.getItem('lastSecond')).toBeNull();
    expect(localStorage.getItem('episodeCompletionPercentage')).toBe('40');
  });

  it('does not count a seek to the end; the end asks the server to mark it watched', async () => {
    const onWatchedChange = vi.fn();
    const { result } = setup(onWatchedChange);
    result.current.onPlay();
    play(result.current, 0, 3);
    result.current.onSeeking();
    result.current.onSeeked(29);
    play(result.current, 29, 30);
    await result.current.onEnded(30);
    const sent = progressCalls().at(-1)!.body;
    expect(sent.last_second).toBe(30);
    expect(sent.episodeCompletionPercentage).toBe(13); // 4 s of 30
    expect(calls.at(-1)!.url).toBe('/api/users/watched-episode');
    expect(onWatchedChange).toHaveBeenCalled();
  });

  it('sends with keepalive when the tab is hidden, and nothing before the video was played', async () => {
    const { result } = setup();
    // Opened at 2 s (a resume), not played: hiding and leaving the page send nothing ...
    position = 2;
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('pagehide'));
    result.current.onPlay();
    play(result.current, 0, 5);
    position = 5;
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(progressCalls().map((c) => c.body.last_second)).toContain(5));
    // ... which the first send after playing proves: it is the only one, and it is at 5 s.
    expect(progressCalls().map((c) => c.body.last_second)).toEqual([5]);
    expect(progressCalls()[0]!.keepalive).toBe(true);
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(progressCalls()).toHaveLength(2));
    expect(progressCalls()[1]!.keepalive).toBe(true);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });

  it('sends the last position when the episode is left inside the app (the video is gone by then)', async () => {
    const { result, unmount } = setup();
    result.current.onPlay();
    play(result.current, 0, 7);
    position = undefined;
    unmount();
    await waitFor(() => expect(progressCalls()).toHaveLength(1));
    expect(progressCalls()[0]!.body).toMatchObject({ last_second: 7, episodeCompletionPercentage: 23 });
  });

  it('never sends without a position', async () => {
    const { result } = setup();
    result.current.onPlay();
    position = undefined;
    window.dispatchEvent(new Event('pagehide'));
    result.current.onPause(Number.NaN);
    expect(localStorage.getItem('lastSecond')).toBeNull();
    // A pause with a position afterwards is sent: had anything gone before it, it would show first.
    result.current.onPause(4);
    await waitFor(() => expect(progressCalls().length).toBeGreaterThan(0));
    expect(progressCalls().map((c) => c.body.last_second)).toEqual([4]);
  });
});
