import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS } from '../../../lib/storage';
import { useWatchProgress, type WatchHandlers } from './use-watch-progress';

/* The player tells the server which seconds it played since its last save (issue 15). */
const COURSE = '01900000-0000-7000-8000-0000000000c1';
const EPISODE = '01900000-0000-7000-8000-0000000000e2';

let calls: { url: string; body: Record<string, unknown> }[];
let now: number;
let status: number;

beforeEach(() => {
  now = Date.parse('2026-11-22T10:00:00Z');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  localStorage.clear();
  localStorage.setItem(KEYS.token, 'access');
  localStorage.setItem(KEYS.refreshToken, 'refresh');
  localStorage.setItem(KEYS.uid, 'u-1');
  localStorage.setItem(KEYS.tokenSavedTime, String(Math.floor(now / 1000)));
  calls = [];
  status = 200;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(init.body as string) });
      const s = url.endsWith('on-going-episode') ? status : 200;
      return new Response(
        s === 200 ? '{}' : '{"statusCode":503,"code":"SERVICE_UNAVAILABLE","message":"x"}',
        {
          status: s,
          headers: { 'content-type': 'application/json' },
        },
      );
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const saves = () => calls.filter((c) => c.url === '/api/users/on-going-episode').map((c) => c.body);
/** Every range the saves carried, in the order sent. */
const sentRanges = () => saves().flatMap((b) => (b.playedRanges as number[][] | undefined) ?? []);
const setup = () =>
  renderHook(() =>
    useWatchProgress({ courseId: COURSE, episodeId: EPISODE, duration: 60, currentTime: () => undefined }),
  );
const play = (h: WatchHandlers, from: number, to: number) => {
  for (let t = from; t <= to + 1e-9; t += 0.25) {
    now += 250;
    vi.setSystemTime(now);
    h.onTime(t, true);
  }
};

describe('played ranges in the progress saves', () => {
  it('each save carries only what was played since the previous one; a seek back starts a new range', async () => {
    const { result } = setup();
    result.current.onPlay(0);
    play(result.current, 0, 5);
    result.current.onPause(5);
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.playedRanges).toEqual([[0, 5]]);
    // Seeked back to 2, played to 8: the server gets [2, 8] (it keeps the union itself).
    result.current.onSeeking();
    result.current.onSeeked(2);
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]!.playedRanges).toEqual([]); // nothing new played yet: an empty list, no stretch to credit
    result.current.onPlay(2);
    play(result.current, 2, 8);
    result.current.onPause(8);
    await waitFor(() => expect(saves()).toHaveLength(3));
    expect(saves()[2]).toMatchObject({
      last_second: 8,
      playedRanges: [[2, 8]],
      episodeCompletionPercentage: 13,
    });
  });

  it('a save that failed gives its ranges to the next one', async () => {
    const { result } = setup();
    result.current.onPlay(0);
    status = 503;
    play(result.current, 0, 4);
    result.current.onPause(4);
    await waitFor(() => expect(saves()).toHaveLength(1));
    status = 200;
    result.current.onPlay(10);
    play(result.current, 10, 12);
    result.current.onPause(12);
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]!.playedRanges).toEqual([
      [0, 4],
      [10, 12],
    ]);
  });

  it('what this device played on an earlier visit is not sent again', async () => {
    localStorage.setItem(KEYS.progressOwner, 'u-1');
    localStorage.setItem('playedRanges', JSON.stringify({ [EPISODE]: [[0, 30]] }));
    const { result } = setup();
    result.current.onPlay(30);
    play(result.current, 30, 33);
    result.current.onPause(33);
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toMatchObject({ playedRanges: [[30, 33]], episodeCompletionPercentage: 55 });
  });

  it('watching from the very start sends a range that begins at second 0, not at the first time update', async () => {
    const { result } = setup();
    // Play pressed at 0; the browser's first time update comes 0.3 s later.
    result.current.onPlay(0);
    play(result.current, 0.3, 5.3);
    result.current.onPause(5.3);
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.playedRanges).toEqual([[0, 5.3]]);
  });

  it('a play event handled late, once the video has moved on, counts from where the video stood before it', async () => {
    const { result } = setup();
    // A busy page: the play event is handled when the video is already at 0.3 s.
    result.current.onPlay(0.3);
    play(result.current, 0.5, 5);
    result.current.onPause(5);
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.playedRanges).toEqual([[0, 5]]);
    // Paused at 5, played on: handled at 5.4, counted from 5.
    result.current.onPlay(5.4);
    play(result.current, 5.5, 8);
    result.current.onPause(8);
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]!.playedRanges).toEqual([[5, 8]]);
    // A seek to 30, then play: from 30. A play far from the last position (more than a playback step) counts
    // from where the video is, not from before.
    result.current.onSeeking();
    result.current.onSeeked(30);
    result.current.onPlay(30.2);
    play(result.current, 30.25, 32);
    result.current.onPause(32);
    result.current.onPlay(40);
    play(result.current, 40.25, 42);
    result.current.onPause(42);
    await waitFor(() =>
      expect(sentRanges().slice(2)).toEqual([
        [30, 32],
        [40, 42],
      ]),
    );
  });

  it("the player's own seek at a start (hls.js placing itself on the first picture) keeps second 0", async () => {
    // The events Chromium gave for the demo teaser: play at 0, hls.js seeks to 0.183, a time update at
    // 0.201 before the seek ends, then updates every quarter second.
    const { result } = setup();
    result.current.onPlay(0);
    result.current.onSeeking();
    result.current.onTime(0.201, true);
    result.current.onSeeked(0.204);
    play(result.current, 0.45, 5.2);
    result.current.onPause(5.2);
    // The end of the seek sends what was played so far; the pause, the rest: together, from 0 on.
    await waitFor(() =>
      expect(sentRanges()).toEqual([
        [0, 0.2],
        [0.2, 5.2],
      ]),
    );
  });

  it('a placing seek that lands past 0.5 s still counts from 0 (the uploaded clip of the console journey)', async () => {
    const { result } = setup();
    result.current.onPlay(0);
    result.current.onSeeking();
    result.current.onTime(0.6, false); // while seeking: not playing
    result.current.onSeeked(0.6);
    play(result.current, 0.85, 4.85);
    result.current.onPause(4.85);
    await waitFor(() => expect(sentRanges()).toEqual([[0, 4.9]])); // sent in tenths of a second
  });

  it("a learner's seek once playing has begun is a jump: the seconds skipped are not counted", async () => {
    const { result } = setup();
    result.current.onPlay(0);
    play(result.current, 0.25, 2);
    result.current.onSeeking();
    result.current.onSeeked(4);
    play(result.current, 4.25, 6);
    result.current.onPause(6);
    await waitFor(() =>
      expect(sentRanges()).toEqual([
        [0, 2],
        [4.3, 6],
      ]),
    );
  });

  it('a range begins where playback started, never before: a resume at 12 s counts from 12 s', async () => {
    const { result } = setup();
    result.current.onPlay(12);
    play(result.current, 12.4, 15.4);
    result.current.onPause(15.4);
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.playedRanges).toEqual([[12, 15.4]]);
  });

  it('a first time update far from where play was pressed counts nothing before it (a jump, not playing)', async () => {
    const { result } = setup();
    result.current.onPlay(0);
    play(result.current, 20, 22);
    result.current.onPause(22);
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.playedRanges).toEqual([[20, 22]]);
  });
});
