import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS } from '../../../lib/storage';
import {
  flushStoredProgress,
  loadRanges,
  saveFirstWatched,
  saveLastSecond,
  saveRanges,
  storedProgress,
  storeProgress,
} from './progress';

const COURSE = '01900000-0000-7000-8000-0000000000c1';
const EPISODE = '01900000-0000-7000-8000-0000000000e1';
let calls: { url: string; init?: RequestInit }[];
let status = 200;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(KEYS.token, 'access');
  localStorage.setItem(KEYS.refreshToken, 'refresh');
  localStorage.setItem(KEYS.uid, 'u-1');
  localStorage.setItem(KEYS.tokenSavedTime, String(Math.floor(Date.now() / 1000)));
  calls = [];
  status = 200;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      if (status === 0) throw new TypeError('Failed to fetch');
      return new Response(
        JSON.stringify(status === 200 ? {} : { statusCode: status, code: 'X', message: 'x' }),
        {
          status,
          headers: { 'content-type': 'application/json' },
        },
      );
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const payload = { course_id: COURSE, episode_id: EPISODE, last_second: 42, episodeCompletionPercentage: 37 };
/** What goes out for a save: the spec's keys and the played ranges, an empty list when nothing new was played. */
const sentFor = (p: object) => ({ ...p, playedRanges: [] });

describe('saving the last second (spec sections 4 and 5)', () => {
  it('sends nothing without course id, episode id or last second', async () => {
    expect(await saveLastSecond({ ...payload, course_id: '' })).toBe(false);
    expect(await saveLastSecond({ ...payload, episode_id: undefined })).toBe(false);
    expect(await saveLastSecond({ ...payload, last_second: undefined })).toBe(false);
    expect(await saveLastSecond({ ...payload, last_second: Number.NaN })).toBe(false);
    expect(calls).toHaveLength(0);
  });

  it('sends the spec payload and clears the stored last second on success', async () => {
    storeProgress(payload);
    expect(await saveLastSecond(payload)).toBe(true);
    expect(calls[0]!.url).toBe('/api/users/on-going-episode');
    expect(JSON.parse(calls[0]!.init!.body as string)).toEqual(sentFor(payload));
    expect((calls[0]!.init!.headers as Record<string, string>).authorization).toBe('Bearer access');
    expect(localStorage.getItem(KEYS.lastSecond)).toBeNull();
    expect(localStorage.getItem(KEYS.courseID)).toBe(COURSE);
    expect(localStorage.getItem(KEYS.episodeID)).toBe(EPISODE);
    expect(localStorage.getItem(KEYS.episodeCompletionPercentage)).toBe('37');
  });

  it('keeps it when the network or the server fails, and sends it on the next visit', async () => {
    storeProgress(payload);
    status = 0;
    expect(await saveLastSecond(payload)).toBe(false);
    status = 503;
    expect(await saveLastSecond(payload)).toBe(false);
    expect(localStorage.getItem(KEYS.lastSecond)).toBe('42');
    status = 200;
    expect(await flushStoredProgress()).toBe(true);
    expect(JSON.parse(calls.at(-1)!.init!.body as string)).toEqual(sentFor(payload));
    expect(localStorage.getItem(KEYS.lastSecond)).toBeNull();
    expect(await flushStoredProgress()).toBe(false); // nothing left to send
    expect(calls).toHaveLength(3);
  });

  it('does not clear a newer position stored while the save was on its way', async () => {
    storeProgress(payload);
    const pending = saveLastSecond(payload);
    storeProgress({ ...payload, last_second: 50 });
    expect(await pending).toBe(true);
    expect(localStorage.getItem(KEYS.lastSecond)).toBe('50');
  });

  it('does not clear a position stored meanwhile for another episode, even at the same second', async () => {
    storeProgress(payload);
    const pending = saveLastSecond(payload);
    storeProgress({ ...payload, episode_id: '01900000-0000-7000-8000-0000000000e2' });
    expect(await pending).toBe(true);
    expect(localStorage.getItem(KEYS.lastSecond)).toBe('42');
  });

  it('drops progress the server can never take (the episode is locked or gone)', async () => {
    storeProgress(payload);
    status = 403;
    expect(await saveLastSecond(payload)).toBe(false);
    expect(localStorage.getItem(KEYS.lastSecond)).toBeNull();
  });

  it('sends leftover progress once when the app shell and the player both flush', async () => {
    storeProgress(payload);
    const [a, b] = await Promise.all([flushStoredProgress(), flushStoredProgress()]);
    expect([a, b]).toEqual([true, true]);
    expect(calls).toHaveLength(1);
    expect(localStorage.getItem(KEYS.lastSecond)).toBeNull();
  });

  it('does not flush when logged out', async () => {
    storeProgress(payload);
    localStorage.removeItem(KEYS.token);
    expect(await flushStoredProgress()).toBe(false);
    expect(calls).toHaveLength(0);
  });
});

describe('one browser, several learners (progress is only ever sent for its own learner)', () => {
  const signIn = (uid: string) => {
    localStorage.setItem(KEYS.uid, uid);
    localStorage.setItem(KEYS.token, `access-${uid}`);
  };
  const signOut = () => {
    localStorage.removeItem(KEYS.uid);
    localStorage.removeItem(KEYS.token);
  };
  const sentAs = () =>
    calls.map((c) => ({
      as: (c.init!.headers as Record<string, string>).authorization,
      body: JSON.parse(c.init!.body as string),
    }));

  it("a learner's unsent progress is never sent for the next learner who signs in, and is sent when its owner signs in again", async () => {
    signIn('u-a');
    storeProgress(payload);
    status = 0;
    expect(await saveLastSecond(payload)).toBe(false);
    signOut();
    status = 200;
    signIn('u-b');
    expect(await flushStoredProgress()).toBe(false);
    expect(calls).toHaveLength(1); // the failed save only
    // Not B's to resume either.
    expect(storedProgress()).toBeUndefined();
    signOut();
    signIn('u-a');
    expect(await flushStoredProgress()).toBe(true);
    expect(sentAs().slice(1)).toEqual([{ as: 'Bearer access-u-a', body: sentFor(payload) }]);
    expect(await flushStoredProgress()).toBe(false); // sent once
    expect(calls).toHaveLength(2);
  });

  it("the next learner's own watching does not overwrite it: each learner's progress goes with their own sign-in", async () => {
    signIn('u-a');
    storeProgress(payload);
    saveRanges(EPISODE, [[0, 42]]);
    signOut();
    signIn('u-b');
    // B opens the same episode: A's played seconds are not B's.
    expect(loadRanges(EPISODE)).toEqual([]);
    const theirs = { ...payload, last_second: 7, episodeCompletionPercentage: 3 };
    storeProgress(theirs);
    expect(storedProgress()).toEqual(theirs);
    signOut();
    signIn('u-a');
    expect(await flushStoredProgress()).toBe(true);
    expect(sentAs()).toEqual([{ as: 'Bearer access-u-a', body: sentFor(payload) }]);
    signOut();
    signIn('u-b');
    expect(await flushStoredProgress()).toBe(true);
    expect(sentAs()[1]).toEqual({ as: 'Bearer access-u-b', body: sentFor(theirs) });
    expect(calls).toHaveLength(2);
  });

  it('progress set aside is kept for its owner while the network fails, and dropped once refused for good', async () => {
    signIn('u-a');
    storeProgress(payload);
    signOut();
    signIn('u-b');
    await flushStoredProgress();
    signOut();
    signIn('u-a');
    status = 503;
    expect(await flushStoredProgress()).toBe(false);
    status = 404;
    expect(await flushStoredProgress()).toBe(false);
    status = 200;
    expect(await flushStoredProgress()).toBe(false);
    expect(calls).toHaveLength(2);
  });

  it('nothing is set aside without an owner, or when the owner has nothing left to send', async () => {
    // Progress kept before owners were recorded: dropped, not set aside under no one.
    for (const [k, v] of Object.entries({
      [KEYS.courseID]: COURSE,
      [KEYS.episodeID]: EPISODE,
      [KEYS.lastSecond]: '42',
    }))
      localStorage.setItem(k, v);
    expect(await flushStoredProgress()).toBe(false);
    expect(localStorage.getItem(KEYS.progressSetAside)).toBeNull();
    // A's last second was sent: the keys are A's, but hold nothing to send.
    signIn('u-a');
    storeProgress(payload);
    expect(await saveLastSecond(payload)).toBe(true);
    signOut();
    signIn('u-b');
    expect(await flushStoredProgress()).toBe(false);
    expect(localStorage.getItem(KEYS.progressSetAside)).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('progress played while signed out belongs to nobody: it is never set aside, nor sent for anyone', async () => {
    signIn('u-a');
    storeProgress(payload);
    signOut();
    storeProgress({ ...payload, last_second: 7 });
    expect(localStorage.getItem(KEYS.progressOwner)).toBeNull();
    storeProgress({ ...payload, last_second: 9 });
    expect(JSON.parse(localStorage.getItem(KEYS.progressSetAside)!)).toEqual({ 'u-a': payload });
    signIn('u-b');
    expect(await flushStoredProgress()).toBe(false);
    expect(calls).toHaveLength(0);
  });

  it('once the last progress set aside is sent, nothing is left stored for it', async () => {
    signIn('u-a');
    storeProgress(payload);
    signOut();
    signIn('u-b');
    await flushStoredProgress();
    signOut();
    signIn('u-a');
    expect(await flushStoredProgress()).toBe(true);
    expect(localStorage.getItem(KEYS.progressSetAside)).toBeNull();
  });

  it("a set-aside store that is not JSON, or not an object, counts as empty: the learner's own progress is still sent", async () => {
    for (const junk of ['not json', 'null', '"abc"', '[1]', '5']) {
      storeProgress(payload);
      localStorage.setItem(KEYS.progressSetAside, junk);
      expect(await flushStoredProgress()).toBe(true);
    }
    expect(calls).toHaveLength(5);
  });

  it("another learner's progress set aside over such a store is kept alone, and sent for them", async () => {
    for (const junk of ['not json', 'null', '"abc"', '[1]', '5']) {
      localStorage.setItem(KEYS.progressSetAside, junk);
      signIn('u-a');
      storeProgress(payload);
      signOut();
      signIn('u-b');
      expect(await flushStoredProgress()).toBe(false);
      expect(JSON.parse(localStorage.getItem(KEYS.progressSetAside)!)).toEqual({ 'u-a': payload });
      signOut();
      signIn('u-a');
      expect(await flushStoredProgress()).toBe(true);
    }
    expect(sentAs()).toEqual(Array(5).fill({ as: 'Bearer access-u-a', body: sentFor(payload) }));
  });

  it('a flush that sends both stored and set-aside progress answers false when one of the two fails', async () => {
    signIn('u-a');
    storeProgress(payload);
    signOut();
    signIn('u-b');
    await flushStoredProgress();
    signOut();
    signIn('u-a');
    const later = { ...payload, last_second: 60, episodeCompletionPercentage: 50 };
    storeProgress(later);
    // The first send (the stored progress) meets a network failure; the set-aside one goes through.
    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await flushStoredProgress()).toBe(false);
    expect(sentAs()).toEqual([{ as: 'Bearer access-u-a', body: sentFor(payload) }]);
    expect(storedProgress()).toEqual(later); // kept for the next visit
  });

  it('newer progress set aside (by another tab) while the earlier was being sent is kept, and sent next', async () => {
    signIn('u-a');
    storeProgress(payload);
    signOut();
    signIn('u-b');
    await flushStoredProgress();
    signOut();
    signIn('u-a');
    const pending = flushStoredProgress();
    const newer = { ...payload, last_second: 80, episodeCompletionPercentage: 60 };
    localStorage.setItem(KEYS.progressSetAside, JSON.stringify({ 'u-a': newer }));
    expect(await pending).toBe(true);
    expect(JSON.parse(localStorage.getItem(KEYS.progressSetAside)!)).toEqual({ 'u-a': newer });
    expect(await flushStoredProgress()).toBe(true);
    expect(sentAs().map((s) => s.body)).toEqual([sentFor(payload), sentFor(newer)]);
  });

  it('progress kept before its owner was recorded is sent for nobody', async () => {
    for (const [k, v] of Object.entries({
      [KEYS.courseID]: COURSE,
      [KEYS.episodeID]: EPISODE,
      [KEYS.lastSecond]: '42',
    }))
      localStorage.setItem(k, v);
    expect(storedProgress()).toBeUndefined();
    expect(await flushStoredProgress()).toBe(false);
    expect(calls).toHaveLength(0);
  });
});

describe('progress stored on this device (spec section 3 keys)', () => {
  it('is there only with a course id, an episode id and a last second', () => {
    storeProgress(payload);
    expect(storedProgress()).toEqual(payload);
    localStorage.removeItem(KEYS.courseID);
    expect(storedProgress()).toBeUndefined();
    storeProgress(payload);
    localStorage.removeItem(KEYS.episodeID);
    expect(storedProgress()).toBeUndefined();
    storeProgress(payload);
    localStorage.removeItem(KEYS.lastSecond);
    expect(storedProgress()).toBeUndefined();
    storeProgress(payload);
    localStorage.setItem(KEYS.lastSecond, '');
    expect(storedProgress()).toBeUndefined();
  });

  it('a negative or non-numeric stored last second is not progress; 0 is', () => {
    storeProgress(payload);
    localStorage.setItem(KEYS.lastSecond, '-4');
    expect(storedProgress()).toBeUndefined();
    localStorage.setItem(KEYS.lastSecond, 'abc');
    expect(storedProgress()).toBeUndefined();
    localStorage.setItem(KEYS.lastSecond, '0');
    expect(storedProgress()).toEqual({ ...payload, last_second: 0 });
  });
});

describe('the played ranges in a save (issue 15)', () => {
  const sent = () => JSON.parse(calls.at(-1)!.init!.body as string) as Record<string, unknown>;

  it('go in tenths of a second; empty ones, also those empty once rounded, are left out', async () => {
    await saveLastSecond({
      ...payload,
      playedRanges: [
        [0.04, 5.06],
        [7, 7],
        [9, 8],
        [10.02, 10.04],
        [12.25, 14],
      ],
    });
    expect(sent().playedRanges).toEqual([
      [0, 5.1],
      [12.3, 14],
    ]);
  });

  it('with nothing but empty ones, or none, the save says so with an empty list (never a stretch to credit)', async () => {
    await saveLastSecond({ ...payload, playedRanges: [[3, 3]] });
    expect(sent()).toEqual({ ...payload, playedRanges: [] });
    await saveLastSecond({ ...payload, last_second: payload.last_second + 1 });
    expect(sent()).toEqual({ ...payload, last_second: payload.last_second + 1, playedRanges: [] });
  });

  it("at most 100 go in one save (the contract's limit)", async () => {
    const many = Array.from({ length: 101 }, (_, i): [number, number] => [2 * i, 2 * i + 1]);
    await saveLastSecond({ ...payload, playedRanges: many });
    const ranges = sent().playedRanges as [number, number][];
    expect(ranges).toHaveLength(100);
    expect(ranges.at(-1)).toEqual([198, 199]);
  });
});

describe('first watch (spec section 5)', () => {
  it('needs a refresh token', async () => {
    localStorage.removeItem(KEYS.refreshToken);
    await saveFirstWatched(COURSE, EPISODE);
    expect(calls).toHaveLength(0);
    localStorage.setItem(KEYS.refreshToken, 'refresh');
    await saveFirstWatched(COURSE, EPISODE);
    expect(calls[0]!.url).toBe('/api/users/save-first-watched');
    expect(JSON.parse(calls[0]!.init!.body as string)).toEqual({ course_id: COURSE, episode_id: EPISODE });
  });

  it('needs a course id and an episode id', async () => {
    await saveFirstWatched('', EPISODE);
    await saveFirstWatched(COURSE, '');
    expect(calls).toHaveLength(0);
  });
});

describe('played ranges kept on this device', () => {
  it('come back for the episode, and only the latest 30 episodes are kept', () => {
    saveRanges(EPISODE, [[0, 12.34]]);
    expect(loadRanges(EPISODE)).toEqual([[0, 12.3]]);
    for (let i = 0; i < 35; i++) saveRanges(`e-${i}`, [[0, i + 1]]);
    expect(loadRanges(EPISODE)).toEqual([]);
    expect(loadRanges('e-34')).toEqual([[0, 35]]);
    localStorage.setItem('playedRanges', 'not json');
    expect(loadRanges('e-34')).toEqual([]);
  });
});

describe('played ranges kept on this device, at the edges', () => {
  it('each episode keeps its own, in tenths of a second', () => {
    saveRanges(EPISODE, [[1.26, 12.34]]);
    saveRanges('e-2', [[0, 3]]);
    expect(loadRanges(EPISODE)).toEqual([[1.3, 12.3]]);
    expect(loadRanges('e-2')).toEqual([[0, 3]]);
    expect(loadRanges('e-never')).toEqual([]);
  });

  it('malformed entries are dropped when read', () => {
    localStorage.setItem(KEYS.progressOwner, 'u-1');
    localStorage.setItem(
      'playedRanges',
      JSON.stringify({ [EPISODE]: [[0, 5], 'junk', [1], [2, 3, 4], null, [6, 8]], 'e-2': 'not a list' }),
    );
    expect(loadRanges(EPISODE)).toEqual([
      [0, 5],
      [6, 8],
    ]);
    expect(loadRanges('e-2')).toEqual([]);
  });

  it('a store that is not JSON is started again when an episode is saved', () => {
    localStorage.setItem('playedRanges', 'not json');
    saveRanges(EPISODE, [[0, 4]]);
    expect(loadRanges(EPISODE)).toEqual([[0, 4]]);
  });

  it('30 episodes are kept; the 31st pushes out the one saved longest ago', () => {
    saveRanges(EPISODE, [[0, 1]]);
    for (let i = 1; i < 30; i++) saveRanges(`e-${i}`, [[0, 1]]);
    expect(loadRanges(EPISODE)).toEqual([[0, 1]]);
    saveRanges('e-30', [[0, 1]]);
    expect(loadRanges(EPISODE)).toEqual([]);
    expect(loadRanges('e-1')).toEqual([[0, 1]]);
    expect(Object.keys(JSON.parse(localStorage.getItem('playedRanges')!))).toHaveLength(30);
  });
});
