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
    result.current.onPlay(0);
    result.current.onPlay(0);
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
    // keepalive is for the tab hide and page unload only.
    expect(progressCalls().map((c) => c.keepalive)).toEqual([false, false]);
  });

  it('does not count a seek to the end; the end asks the server to mark it watched', async () => {
    const onWatchedChange = vi.fn();
    const { result } = setup(onWatchedChange);
    result.current.onPlay(0);
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
    result.current.onPlay(0);
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
    result.current.onPlay(0);
    play(result.current, 0, 7);
    position = undefined;
    unmount();
    await waitFor(() => expect(progressCalls()).toHaveLength(1));
    expect(progressCalls()[0]!.body).toMatchObject({ last_second: 7, episodeCompletionPercentage: 23 });
  });

  it('never sends without a position', async () => {
    const { result } = setup();
    result.current.onPlay(0);
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

const EPISODE_2 = '01900000-0000-7000-8000-0000000000e3';
const firstWatches = () =>
  calls.filter((c) => c.url.endsWith('save-first-watched')).map((c) => c.body.episode_id);

describe('progress while watching, at the edges', () => {
  it('sends at exactly 10,000 ms after the previous save, not a millisecond before', async () => {
    const start = now;
    const { result } = setup();
    result.current.onPlay(0);
    const at = (ms: number, t: number) => {
      vi.setSystemTime(start + ms);
      result.current.onTime(t, true);
    };
    for (let i = 1; i <= 39; i++) at(i * 250, i * 0.25);
    at(9_999, 9.99);
    at(10_000, 10);
    await waitFor(() => expect(progressCalls()).toHaveLength(1));
    expect(progressCalls()[0]!.body.last_second).toBe(10);
  });

  it('time updates while paused or seeking count nothing and send nothing', async () => {
    const { result } = setup();
    result.current.onPlay(0);
    for (let t = 0.25; t <= 12; t += 0.25) {
      now += 250;
      vi.setSystemTime(now);
      result.current.onTime(t, false);
    }
    expect(localStorage.getItem('lastSecond')).toBeNull();
    result.current.onPause(12);
    await waitFor(() => expect(progressCalls()).toHaveLength(1));
    expect(progressCalls()[0]!.body).toMatchObject({ last_second: 12, episodeCompletionPercentage: 0 });
  });

  it('a seek before the first play sends nothing; after playing, a seek sends the new position', async () => {
    const { result } = setup();
    result.current.onSeeking();
    result.current.onSeeked(20);
    expect(localStorage.getItem('lastSecond')).toBeNull();
    result.current.onPlay(20);
    result.current.onSeeking();
    result.current.onSeeked(5);
    await waitFor(() => expect(progressCalls()).toHaveLength(1));
    expect(progressCalls()[0]!.body.last_second).toBe(5);
  });

  it('a pause in the middle of a seek does not count the jump as played', async () => {
    const { result } = setup();
    result.current.onPlay(0);
    play(result.current, 0.25, 3);
    result.current.onSeeking();
    result.current.onPause(5);
    await waitFor(() => expect(progressCalls()).toHaveLength(1));
    expect(progressCalls()[0]!.body).toMatchObject({ last_second: 5, episodeCompletionPercentage: 10 });
  });

  it('the tab becoming visible again sends nothing', () => {
    const { result } = setup();
    result.current.onPlay(0);
    play(result.current, 0.25, 2);
    position = 2;
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(localStorage.getItem('lastSecond')).toBeNull();
  });

  it('leaving an episode that was opened but never played sends nothing', () => {
    const { unmount } = setup();
    position = 2;
    unmount();
    expect(localStorage.getItem('lastSecond')).toBeNull();
  });

  it('moving to another episode sends where the one left stopped, and the new one starts afresh', async () => {
    const { result, rerender } = renderHook(
      (p: { episodeId: string }) =>
        useWatchProgress({
          courseId: COURSE,
          episodeId: p.episodeId,
          duration: 30,
          currentTime: () => position,
        }),
      { initialProps: { episodeId: EPISODE } },
    );
    result.current.onPlay(0);
    play(result.current, 0.25, 6);
    position = 6;
    rerender({ episodeId: EPISODE_2 });
    await waitFor(() => expect(progressCalls()).toHaveLength(1));
    expect(progressCalls()[0]!.body).toMatchObject({ episode_id: EPISODE, last_second: 6 });
    position = undefined;
    result.current.onPlay(0);
    play(result.current, 0.25, 3);
    result.current.onPause(3);
    await waitFor(() => expect(progressCalls()).toHaveLength(2));
    expect(progressCalls()[1]!.body).toMatchObject({
      episode_id: EPISODE_2,
      last_second: 3,
      episodeCompletionPercentage: 10,
      playedRanges: [[0, 3]],
    });
    await waitFor(() => expect(firstWatches()).toEqual([EPISODE, EPISODE_2]));
    // The page is hidden on the new episode: the save is the new episode's.
    position = 3;
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    await waitFor(() => expect(progressCalls()).toHaveLength(3));
    expect(progressCalls()[2]!.body).toMatchObject({ episode_id: EPISODE_2, last_second: 3 });
  });

  it('the completion is measured against the duration known at the save, which may arrive late', async () => {
    const { result, rerender } = renderHook(
      (p: { duration: number }) =>
        useWatchProgress({
          courseId: COURSE,
          episodeId: EPISODE,
          duration: p.duration,
          currentTime: () => 6,
        }),
      { initialProps: { duration: 0 } },
    );
    result.current.onPlay(0);
    play(result.current, 0.25, 6);
    // The duration arriving is not leaving the episode: nothing is sent by it.
    rerender({ duration: 60 });
    expect(localStorage.getItem('lastSecond')).toBeNull();
    result.current.onPause(6);
    await waitFor(() => expect(progressCalls()).toHaveLength(1));
    expect(progressCalls()[0]!.body).toMatchObject({ last_second: 6, episodeCompletionPercentage: 10 });
  });

  it('the end asks the server to mark it watched also when nobody listens for the change', async () => {
    const { result } = renderHook(() =>
      useWatchProgress({ courseId: COURSE, episodeId: EPISODE, duration: 30, currentTime: () => position }),
    );
    result.current.onPlay(0);
    play(result.current, 0.25, 30);
    await result.current.onEnded(30);
    expect(calls.at(-1)!.url).toBe('/api/users/watched-episode');
  });
});
