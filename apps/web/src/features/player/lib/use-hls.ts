import type HlsType from 'hls.js';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

export interface Level {
  /** hls.js level index. */
  index: number;
  height: number;
}

/**
 * Plays an HLS master playlist in `video`: with hls.js (loaded only here, on demand) where Media Source
 * Extensions exist, with the browser's own HLS otherwise (Safari). A playlist or segment refused with
 * 401/403 (the token expired, or is refused), or a media error that recovering in place did not mend, calls
 * `onAuthFailure` once per source with the position: the page decides whether a new token is worth asking
 * for (see Playback). Quality levels (by height) come from hls.js only; native HLS has none.
 */
export function useHls(opts: {
  videoRef: RefObject<HTMLVideoElement | null>;
  src: string;
  startAt: number;
  autoPlay: boolean;
  onAuthFailure: (at: number, playing: boolean) => void;
}) {
  const { videoRef, src } = opts;
  const hlsRef = useRef<HlsType | null>(null);
  const [levels, setLevels] = useState<Level[]>([]);
  const [level, setLevelState] = useState(-1);
  const [autoHeight, setAutoHeight] = useState<number | undefined>();
  const [error, setError] = useState<'network' | 'unsupported' | undefined>();
  const [attempt, setAttempt] = useState(0);
  /** Whether the source is in the video element yet; play() before that would be lost when it arrives. */
  const attached = useRef(false);
  /** Play was asked for before the source was attached: it starts as soon as it is. */
  const wantsPlay = useRef(false);
  const latest = useRef(opts);
  latest.current = opts;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    // startAt and autoPlay belong to the source they were given with.
    const { startAt, autoPlay } = latest.current;
    let cancelled = false;
    let refused = false;
    /** hls.js mends a fatal media error in place once per source; a second one is a refusal. */
    let recovered = false;
    const authFailed = () => {
      if (refused || cancelled) return;
      refused = true;
      latest.current.onAuthFailure(video.currentTime || startAt, !video.paused);
    };
    attached.current = false;
    setError(undefined);
    setLevels([]);
    setLevelState(-1);
    const onNativeError = () => authFailed();
    const load = async () => {
      const { default: Hls } = await import('hls.js');
      if (cancelled) return;
      if (Hls.isSupported()) {
        const hls = new Hls({ startPosition: startAt, enableWebVTT: false, enableIMSC1: false });
        hlsRef.current = hls;
        hls.on(Hls.Events.MANIFEST_PARSED, (_e, data) =>
          setLevels(
            data.levels.map((l, index) => ({ index, height: l.height })).sort((a, b) => b.height - a.height),
          ),
        );
        hls.on(Hls.Events.LEVEL_SWITCHED, (_e, data) => setAutoHeight(hls.levels[data.level]?.height));
        hls.on(Hls.Events.ERROR, (_e, data) => {
          const code = data.response?.code;
          if (code === 401 || code === 403) return authFailed();
          if (!data.fatal) return;
          if (data.type !== Hls.ErrorTypes.MEDIA_ERROR) return setError('network');
          if (recovered) return authFailed();
          recovered = true;
          hls.recoverMediaError();
        });
        hls.loadSource(src);
        hls.attachMedia(video);
      } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
        video.src = src;
        // Native HLS does not say why a request failed: any error is taken for a refusal.
        video.addEventListener('error', onNativeError);
        video.addEventListener(
          'loadedmetadata',
          () => {
            if (startAt > 0) video.currentTime = startAt;
          },
          { once: true },
        );
      } else {
        setError('unsupported');
        return;
      }
      attached.current = true;
      if (autoPlay || wantsPlay.current) video.play().catch(() => undefined);
      wantsPlay.current = false;
    };
    void load();
    return () => {
      cancelled = true;
      video.removeEventListener('error', onNativeError);
      hlsRef.current?.destroy();
      hlsRef.current = null;
    };
  }, [src, attempt, videoRef]);

  /** Plays now, or as soon as the source is attached (a click can come before hls.js has loaded). */
  const play = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (attached.current) video.play().catch(() => undefined);
    else wantsPlay.current = true;
  }, [videoRef]);
  /** Pauses, and forgets a play that was waiting for the source. */
  const pause = useCallback(() => {
    wantsPlay.current = false;
    videoRef.current?.pause();
  }, [videoRef]);

  return {
    play,
    pause,
    levels,
    /** -1 is automatic. */
    level,
    setLevel: (i: number) => {
      setLevelState(i);
      if (hlsRef.current) hlsRef.current.currentLevel = i;
    },
    /** The height automatic quality is playing now. */
    autoHeight,
    error,
    retry: () => setAttempt((a) => a + 1),
  };
}
