import { useCallback, useEffect, useRef } from 'react';
import { markWatched } from '../api/mark-watched';
import { PlayedRanges } from './played-ranges';
import { loadRanges, saveFirstWatched, saveLastSecond, saveRanges, storeProgress } from './progress';

/** How often progress is sent while playing (PRODUCT.md section 5). */
export const SEND_EVERY_MS = 10_000;

export interface WatchHandlers {
  onTime: (t: number, playing: boolean) => void;
  /** Playback starts, at the video's position then. */
  onPlay: (t: number) => void;
  onPause: (t: number) => void;
  onSeeking: () => void;
  onSeeked: (t: number) => void;
  onEnded: (t: number) => Promise<void>;
}

/**
 * The player's progress rules: the union of played seconds gives the completion; the position and completion
 * are stored under the spec's keys and sent every 10 s while playing and on pause, seek, end, tab hide and
 * page unload; the first play records the first watch.
 */
export function useWatchProgress(opts: {
  courseId: string;
  episodeId: string;
  duration: number;
  /** The video's current time, for sends that happen outside its events (tab hidden, page unload). */
  currentTime: () => number | undefined;
  onWatchedChange?: () => void;
}): WatchHandlers {
  const { courseId, episodeId } = opts;
  const ranges = useRef(new PlayedRanges());
  const firstPlay = useRef(true);
  const lastSent = useRef(0);
  /** Played since it was opened: only then do hide, unload and leaving send anything. */
  const started = useRef(false);
  /** The latest position the video reported: the video may be gone when the page is left. */
  const lastTime = useRef<number | undefined>(undefined);
  const optsRef = useRef(opts);
  optsRef.current = opts;
  const position = useCallback(() => optsRef.current.currentTime() ?? lastTime.current, []);

  useEffect(() => {
    const r = new PlayedRanges();
    for (const [a, b] of loadRanges(episodeId)) r.add(a, b);
    // What this device played before was sent then: only what is played from here on goes with the saves.
    r.trackFresh();
    ranges.current = r;
    firstPlay.current = true;
    started.current = false;
    lastTime.current = undefined;
    lastSent.current = Date.now();
  }, [episodeId]);

  const send = useCallback(
    (t: number | undefined, keepalive = false): Promise<void> => {
      if (t === undefined || !Number.isFinite(t)) return Promise.resolve();
      const played = ranges.current;
      const payload = {
        course_id: courseId,
        episode_id: episodeId,
        last_second: Math.floor(t),
        // The duration known now (it may arrive after the video opens); not a dependency of `send`, whose
        // change would count as leaving the episode (the effect below sends on its cleanup).
        episodeCompletionPercentage: played.percent(optsRef.current.duration),
      };
      storeProgress(payload);
      saveRanges(episodeId, played.toJSON());
      lastSent.current = Date.now();
      // The seconds played since the last save, so that the server keeps the union itself (issue 15).
      const fresh = played.takeFresh();
      return saveLastSecond({ ...payload, playedRanges: fresh }, { keepalive }).then((ok) => {
        if (!ok) played.giveBack(fresh);
      });
    },
    [courseId, episodeId],
  );

  // Tab hidden and page unload: the last position goes out even if the page is closing.
  useEffect(() => {
    const hidden = () => {
      if (document.visibilityState === 'hidden' && started.current) void send(position(), true);
    };
    const unload = () => {
      if (started.current) void send(position(), true);
    };
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', unload);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', unload);
      // Leaving the episode inside the app (next episode, another page).
      if (started.current) void send(position());
    };
  }, [send, position]);

  return {
    onTime: (t, playing) => {
      lastTime.current = t;
      if (!playing) return;
      ranges.current.tick(t);
      if (Date.now() - lastSent.current >= SEND_EVERY_MS) void send(t);
    },
    onPlay: (t) => {
      started.current = true;
      // The range begins where playback started, not at the first time update after it (issue 15): where the
      // video stood before it (0 for one not moved yet), when the play event is handled a playback step later
      // (a busy page runs it once the video, or hls.js placing itself on its first picture, has moved on).
      const before = lastTime.current ?? 0;
      ranges.current.start(t >= before && t - before <= PlayedRanges.MAX_STEP ? before : t);
      if (firstPlay.current) {
        firstPlay.current = false;
        void saveFirstWatched(courseId, episodeId);
      }
    },
    onPause: (t) => {
      lastTime.current = t;
      ranges.current.tick(t);
      ranges.current.cut();
      void send(t);
    },
    onSeeking: () => ranges.current.seeking(),
    onSeeked: (t) => {
      lastTime.current = t;
      ranges.current.seeked();
      if (started.current) void send(t);
    },
    onEnded: async (t) => {
      ranges.current.tick(t);
      ranges.current.cut();
      await send(t);
      // The server marks it watched only if 90% was really played.
      await markWatched(courseId, episodeId).catch(() => undefined);
      optsRef.current.onWatchedChange?.();
    },
  };
}
