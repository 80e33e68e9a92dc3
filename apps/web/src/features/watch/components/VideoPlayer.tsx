import type HlsType from 'hls.js';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type RefObject,
} from 'react';
import { useI18n } from '../../../lib/i18n';
import type { WatchHandlers } from '../lib/use-watch-progress';
import { Icon } from './Icon';

export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2];

export interface Caption {
  lang: string;
  label: string;
  url: string;
}

interface Props {
  src: string;
  poster: string | null;
  captions: Caption[];
  startAt: number;
  autoPlay: boolean;
  title: string;
  handlers: WatchHandlers;
  videoRef: RefObject<HTMLVideoElement | null>;
  /** A playlist or segment was refused (the token expired): the page asks for a new one and goes on. */
  onAuthFailure: (at: number, playing: boolean) => void;
}

const clock = (s: number) => {
  if (!Number.isFinite(s) || s < 0) s = 0;
  const m = Math.floor(s / 60);
  const sec = Math.floor(s % 60);
  return `${m}:${String(sec).padStart(2, '0')}`;
};

const btn =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-md text-white hover:bg-white/15 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-amber-300';

/** Keys the player answers (listed in its help). */
const SHORTCUTS: [string, string][] = [
  ['Space / K', 'player.keyPlay'],
  ['← / →', 'player.keySeek5'],
  ['J / L', 'player.keySeek10'],
  ['↑ / ↓', 'player.keyVolume'],
  ['M', 'player.keyMute'],
  ['F', 'player.keyFullscreen'],
  ['C', 'player.keyCaptions'],
  ['< / >', 'player.keySpeed'],
];

/**
 * The video and its controls: hls.js (loaded only here) where Media Source Extensions exist, the browser's
 * own HLS otherwise (Safari). Quality, speed, captions, full screen and keyboard shortcuts.
 */
export function VideoPlayer({
  src,
  poster,
  captions,
  startAt,
  autoPlay,
  title,
  handlers,
  videoRef,
  onAuthFailure,
}: Props) {
  const { t } = useI18n();
  const box = useRef<HTMLDivElement>(null);
  const hlsRef = useRef<HlsType | null>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(startAt);
  const [duration, setDuration] = useState(0);
  const [muted, setMuted] = useState(false);
  const [volume, setVolume] = useState(1);
  const [rate, setRate] = useState(1);
  const [levels, setLevels] = useState<{ index: number; height: number }[]>([]);
  const [level, setLevel] = useState(-1);
  const [autoHeight, setAutoHeight] = useState<number | undefined>();
  const [captionsOn, setCaptionsOn] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<'network' | 'unsupported' | undefined>();
  const [help, setHelp] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const authRef = useRef(onAuthFailure);
  authRef.current = onAuthFailure;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    let refused = false;
    setError(undefined);
    setLevels([]);
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
          if ((code === 401 || code === 403) && !refused) {
            refused = true;
            authRef.current(video.currentTime, !video.paused);
            return;
          }
          if (!data.fatal) return;
          if (data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
          else setError('network');
        });
        hls.loadSource(src);
        hls.attachMedia(video);
      } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
        video.src = src;
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
      if (autoPlay) video.play().catch(() => undefined);
    };
    void load();
    return () => {
      cancelled = true;
      hlsRef.current?.destroy();
      hlsRef.current = null;
    };
    // startAt and autoPlay belong to the source they were given with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [src, attempt, videoRef]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === box.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  // Captions are drawn by the player (above the controls, in the page's Thai font), from a hidden track.
  const [cue, setCue] = useState('');
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const tracks = Array.from(video.textTracks);
    tracks.forEach((tr, i) => (tr.mode = captionsOn && i === 0 ? 'hidden' : 'disabled'));
    const track = captionsOn ? tracks[0] : undefined;
    if (!track) {
      setCue('');
      return;
    }
    const show = () =>
      setCue(
        Array.from(track.activeCues ?? [])
          .map((c) => (c as VTTCue).text)
          .join('\n'),
      );
    show();
    track.addEventListener('cuechange', show);
    return () => track.removeEventListener('cuechange', show);
  }, [captionsOn, captions, videoRef]);

  const toggle = useCallback(() => {
    const v = videoRef.current;
    if (!v) return;
    if (v.paused || v.ended) v.play().catch(() => undefined);
    else v.pause();
  }, [videoRef]);

  const seekBy = (d: number) => {
    const v = videoRef.current;
    if (!v) return;
    v.currentTime = Math.max(0, Math.min((v.duration || 0) - 0.1, v.currentTime + d));
  };
  const setSpeed = (r: number) => {
    const v = videoRef.current;
    if (!v) return;
    v.playbackRate = r;
    setRate(r);
  };
  const stepSpeed = (dir: 1 | -1) => {
    const i = SPEEDS.indexOf(rate);
    const next = SPEEDS[Math.max(0, Math.min(SPEEDS.length - 1, (i < 0 ? 2 : i) + dir))]!;
    setSpeed(next);
  };
  const changeVolume = (v: number) => {
    const video = videoRef.current;
    if (!video) return;
    video.volume = Math.max(0, Math.min(1, v));
    video.muted = video.volume === 0;
  };
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void box.current?.requestFullscreen?.().catch(() => undefined);
  };
  const chooseLevel = (i: number) => {
    setLevel(i);
    if (hlsRef.current) hlsRef.current.currentLevel = i;
  };

  const onKey = (e: KeyboardEvent | ReactKeyboardEvent) => {
    const target = e.target as HTMLElement;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (target.closest('input, select, textarea, [contenteditable="true"]')) return;
    const onButton = target.closest('button, a');
    const k = e.key;
    let handled = true;
    if ((k === ' ' && !onButton) || k === 'k' || k === 'K') toggle();
    else if (k === 'ArrowLeft') seekBy(-5);
    else if (k === 'ArrowRight') seekBy(5);
    else if (k === 'j' || k === 'J') seekBy(-10);
    else if (k === 'l' || k === 'L') seekBy(10);
    else if (k === 'ArrowUp') changeVolume((videoRef.current?.volume ?? 1) + 0.1);
    else if (k === 'ArrowDown') changeVolume((videoRef.current?.volume ?? 1) - 0.1);
    else if (k === 'm' || k === 'M') {
      if (videoRef.current) videoRef.current.muted = !videoRef.current.muted;
    } else if (k === 'f' || k === 'F') toggleFullscreen();
    else if ((k === 'c' || k === 'C') && captions.length) setCaptionsOn((on) => !on);
    else if (k === '>' || k === '.') stepSpeed(1);
    else if (k === '<' || k === ',') stepSpeed(-1);
    else if (k === '?') setHelp((h) => !h);
    else handled = false;
    if (handled) e.preventDefault();
  };
  const onKeyRef = useRef(onKey);
  onKeyRef.current = onKey;
  // Shortcuts work from anywhere on the page that is not a form field (focus on the page body).
  useEffect(() => {
    const listener = (e: KeyboardEvent) => {
      if (document.activeElement === document.body || document.activeElement === null) onKeyRef.current(e);
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const shownHeight = level >= 0 ? levels.find((l) => l.index === level)?.height : autoHeight;

  return (
    <div
      ref={box}
      role="region"
      aria-label={t('player.region')}
      onKeyDown={onKey}
      className="group relative aspect-video w-full overflow-hidden rounded-xl bg-black text-white"
    >
      <video
        ref={videoRef}
        className="size-full"
        poster={poster ?? undefined}
        playsInline
        preload="metadata"
        aria-label={title}
        onClick={toggle}
        onPlay={() => {
          setPlaying(true);
          handlersRef.current.onPlay();
        }}
        onPause={(e) => {
          setPlaying(false);
          handlersRef.current.onPause(e.currentTarget.currentTime);
        }}
        onTimeUpdate={(e) => {
          const v = e.currentTarget;
          setTime(v.currentTime);
          handlersRef.current.onTime(v.currentTime, !v.paused && !v.seeking);
        }}
        onDurationChange={(e) => setDuration(e.currentTarget.duration)}
        onLoadedMetadata={(e) => setDuration(e.currentTarget.duration)}
        onSeeking={() => handlersRef.current.onSeeking()}
        onSeeked={(e) => handlersRef.current.onSeeked(e.currentTarget.currentTime)}
        onEnded={(e) => {
          setPlaying(false);
          void handlersRef.current.onEnded(e.currentTarget.currentTime);
        }}
        onWaiting={() => setWaiting(true)}
        onPlaying={() => setWaiting(false)}
        onCanPlay={() => setWaiting(false)}
        onVolumeChange={(e) => {
          setMuted(e.currentTarget.muted);
          setVolume(e.currentTarget.volume);
        }}
        onRateChange={(e) => setRate(e.currentTarget.playbackRate)}
      >
        {captions.map((c) => (
          <track key={c.lang} kind="subtitles" srcLang={c.lang} label={c.label} src={c.url} />
        ))}
      </video>

      {captionsOn && cue && (
        <div className="pointer-events-none absolute inset-x-0 bottom-20 flex justify-center px-4">
          <p className="rounded bg-black/75 px-3 py-1 text-center text-base whitespace-pre-line sm:text-xl">
            {cue}
          </p>
        </div>
      )}
      {error && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/80 p-6 text-center">
          <p role="alert">{t(error === 'network' ? 'player.loadError' : 'player.unsupported')}</p>
          {error === 'network' && (
            <button
              type="button"
              className="rounded-lg bg-white px-4 py-2 font-semibold text-slate-900 focus-visible:outline-3 focus-visible:outline-amber-300"
              onClick={() => setAttempt((a) => a + 1)}
            >
              {t('common.retry')}
            </button>
          )}
        </div>
      )}
      {waiting && !error && (
        <div
          className="pointer-events-none absolute inset-0 flex items-center justify-center"
          aria-hidden="true"
        >
          <span className="size-12 animate-spin rounded-full border-4 border-white/30 border-t-white" />
        </div>
      )}
      {!playing && !error && (
        <button
          type="button"
          onClick={toggle}
          aria-label={t('player.play')}
          className="absolute top-1/2 left-1/2 flex size-16 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-teal-700/90 text-3xl shadow-lg hover:bg-teal-600 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-300"
        >
          <Icon name="play" className="ml-1 size-8" />
        </button>
      )}
      {help && (
        <div
          role="dialog"
          aria-label={t('player.shortcuts')}
          className="absolute top-2 right-2 max-w-xs rounded-lg bg-slate-900/95 p-4 text-sm shadow-xl"
        >
          <p className="mb-2 font-semibold">{t('player.shortcuts')}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            {SHORTCUTS.map(([keys, label]) => (
              <div key={keys} className="contents">
                <dt className="font-mono text-amber-200">{keys}</dt>
                <dd>{t(label as Parameters<typeof t>[0])}</dd>
              </div>
            ))}
          </dl>
          <button type="button" className="mt-3 underline" onClick={() => setHelp(false)}>
            {t('player.close')}
          </button>
        </div>
      )}

      <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/85 to-transparent px-2 pt-6 pb-1">
        <input
          type="range"
          min={0}
          max={duration || 0}
          step={0.1}
          value={Math.min(time, duration || 0)}
          onChange={(e) => {
            if (videoRef.current) videoRef.current.currentTime = Number(e.target.value);
          }}
          aria-label={t('player.seek')}
          aria-valuetext={`${clock(time)} / ${clock(duration)}`}
          className="h-2 w-full cursor-pointer accent-teal-400"
        />
        <div className="flex items-center gap-1">
          <button
            type="button"
            className={btn}
            onClick={toggle}
            aria-label={playing ? t('player.pause') : t('player.play')}
          >
            <Icon name={playing ? 'pause' : 'play'} />
          </button>
          <button
            type="button"
            className={btn}
            onClick={() => {
              if (videoRef.current) videoRef.current.muted = !videoRef.current.muted;
            }}
            aria-label={muted ? t('player.unmute') : t('player.mute')}
            aria-pressed={muted}
          >
            <Icon name={muted || volume === 0 ? 'muted' : 'volume'} />
          </button>
          <input
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={muted ? 0 : volume}
            onChange={(e) => changeVolume(Number(e.target.value))}
            aria-label={t('player.volume')}
            className="hidden w-20 accent-teal-400 sm:block"
          />
          <span className="ml-1 text-xs tabular-nums sm:text-sm">
            {clock(time)} / {clock(duration)}
          </span>
          <span className="flex-1" />
          <label className="sr-only" htmlFor="player-speed">
            {t('player.speed')}
          </label>
          <select
            id="player-speed"
            value={rate}
            onChange={(e) => setSpeed(Number(e.target.value))}
            className="h-9 rounded-md bg-transparent px-1 text-sm hover:bg-white/15 focus-visible:outline-3 focus-visible:outline-amber-300"
          >
            {SPEEDS.map((s) => (
              <option key={s} value={s} className="text-slate-900">
                {s}x
              </option>
            ))}
          </select>
          {levels.length > 1 && (
            <>
              <label className="sr-only" htmlFor="player-quality">
                {t('player.quality')}
              </label>
              <select
                id="player-quality"
                value={level}
                onChange={(e) => chooseLevel(Number(e.target.value))}
                className="h-9 max-w-40 rounded-md bg-transparent px-1 text-sm hover:bg-white/15 focus-visible:outline-3 focus-visible:outline-amber-300"
              >
                <option value={-1} className="text-slate-900">
                  {t('player.auto')}
                  {level < 0 && shownHeight ? ` (${shownHeight}p)` : ''}
                </option>
                {levels.map((l) => (
                  <option key={l.index} value={l.index} className="text-slate-900">
                    {l.height}p
                  </option>
                ))}
              </select>
            </>
          )}
          {captions.length > 0 && (
            <button
              type="button"
              className={btn}
              onClick={() => setCaptionsOn((on) => !on)}
              aria-label={t('player.captions')}
              aria-pressed={captionsOn}
            >
              <span aria-hidden="true" className={`text-xs font-bold ${captionsOn ? 'text-amber-300' : ''}`}>
                CC
              </span>
            </button>
          )}
          <button
            type="button"
            className={btn}
            onClick={() => setHelp((h) => !h)}
            aria-label={t('player.shortcuts')}
            aria-expanded={help}
          >
            <span aria-hidden="true">?</span>
          </button>
          <button
            type="button"
            className={btn}
            onClick={toggleFullscreen}
            aria-label={fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}
          >
            <Icon name={fullscreen ? 'exitFullscreen' : 'fullscreen'} />
          </button>
        </div>
      </div>
    </div>
  );
}
