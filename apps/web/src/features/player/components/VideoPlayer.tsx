import type { CaptionTrack } from '@rianroo/contract';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type RefObject,
} from 'react';
import { useI18n } from '../../../lib/i18n';
import { actionForKey, seekTarget, stepSpeed, type PlayerAction } from '../lib/shortcuts';
import { useCaptionText } from '../lib/use-captions';
import { useHls } from '../lib/use-hls';
import type { WatchHandlers } from '../lib/use-watch-progress';
import { Controls } from './Controls';
import { useIdle } from '../lib/use-idle';
import { readPlayerPrefs, savePlayerPrefs } from '../lib/player-prefs';
import { Icon } from './Icon';
import { ShortcutHelp } from './ShortcutHelp';

/** A caption track of the video, as the playback token's answer names it (contract `captionTrack`). */
export type Caption = CaptionTrack;

type IosVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void };

interface Props {
  src: string;
  poster: string | null;
  captions: Caption[];
  startAt: number;
  autoPlay: boolean;
  title: string;
  handlers: WatchHandlers;
  videoRef: RefObject<HTMLVideoElement | null>;
  /** The stream refused the token (or could not be played): the page asks for a new one, or gives up. */
  onAuthFailure: (at: number, playing: boolean) => void;
}

/** The video and its controls: quality, speed, captions, full screen and keyboard shortcuts. */
export function VideoPlayer(props: Props) {
  const { src, poster, captions, startAt, autoPlay, title, handlers, videoRef, onAuthFailure } = props;
  const { t } = useI18n();
  const box = useRef<HTMLDivElement>(null);
  const helpButton = useRef<HTMLButtonElement>(null);
  const hls = useHls({ videoRef, src, startAt, autoPlay, onAuthFailure });
  const { play, pause } = hls;
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(startAt);
  const [duration, setDuration] = useState(0);
  const [muted, setMuted] = useState(false);
  const [volume, setVolume] = useState(1);
  // The speed and captions the learner chose last, on any episode (kept on this browser).
  const [rate, setRate] = useState(() => readPlayerPrefs().rate);
  const [captionsOn, setCaptionsOn] = useState(() => readPlayerPrefs().captions);
  const [fullscreen, setFullscreen] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [help, setHelp] = useState(false);
  // While it plays the controls step aside after 3 s without activity (on a phone they cover much of it).
  const { idle, wake } = useIdle(playing && !help);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === box.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const cue = useCaptionText(videoRef, captionsOn, `${src} ${captions.map((c) => c.url).join(' ')}`);
  // Each new source plays at the kept speed (loading a source resets the rate to the default one).
  const rateRef = useRef(rate);
  rateRef.current = rate;
  useEffect(() => {
    const v = videoRef.current;
    if (!v) return;
    v.defaultPlaybackRate = rateRef.current;
    v.playbackRate = rateRef.current;
  }, [src, videoRef]);
  const toggleCaptions = () => {
    setCaptionsOn(!captionsOn);
    savePlayerPrefs({ captions: !captionsOn });
  };

  const toggle = useCallback(() => {
    const v = videoRef.current;
    if (!v) return;
    if (v.paused || v.ended) play();
    else pause();
  }, [videoRef, play, pause]);
  const seekTo = (to: number) => {
    const v = videoRef.current;
    if (v) v.currentTime = to;
  };
  const changeRate = (r: number) => {
    const v = videoRef.current;
    if (v) {
      // The default too, so that the speed stays when a new token reloads the source.
      v.defaultPlaybackRate = r;
      v.playbackRate = r;
    }
    setRate(r);
    savePlayerPrefs({ rate: r });
  };
  const changeVolume = (to: number) => {
    const v = videoRef.current;
    if (!v) return;
    v.volume = Math.max(0, Math.min(1, Math.round(to * 100) / 100));
    v.muted = v.volume === 0;
  };
  const toggleMute = () => {
    const v = videoRef.current;
    if (!v) return;
    if (v.muted && v.volume === 0) v.volume = 0.5;
    v.muted = !v.muted;
  };
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else if (box.current?.requestFullscreen) void box.current.requestFullscreen().catch(() => undefined);
    // iPhone Safari has full screen for the video element only (with its own controls).
    else (videoRef.current as IosVideo | null)?.webkitEnterFullscreen?.();
  };
  const closeHelp = () => {
    setHelp(false);
    helpButton.current?.focus();
  };

  const run = (action: PlayerAction) => {
    const v = videoRef.current;
    switch (action.type) {
      case 'toggle':
        return toggle();
      case 'seek':
        if (v) seekTo(seekTarget(v.currentTime, action.by, v.duration));
        return;
      case 'volume':
        return changeVolume((v?.muted ? 0 : (v?.volume ?? 1)) + action.by);
      case 'mute':
        return toggleMute();
      case 'fullscreen':
        return toggleFullscreen();
      case 'captions':
        if (captions.length) toggleCaptions();
        return;
      case 'speed':
        return changeRate(stepSpeed(v?.playbackRate ?? rate, action.dir));
      case 'help':
        return help ? closeHelp() : setHelp(true);
    }
  };
  const onKey = (e: KeyboardEvent | ReactKeyboardEvent) => {
    const action = actionForKey(e, e.target as Element);
    if (!action) return;
    e.preventDefault();
    run(action);
  };
  const onKeyRef = useRef(onKey);
  onKeyRef.current = onKey;
  // The same keys when nothing has focus (the page body), so that they work right after the page opens.
  useEffect(() => {
    const listener = (e: KeyboardEvent) => {
      if (document.activeElement === document.body || document.activeElement === null) onKeyRef.current(e);
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  return (
    <div
      ref={box}
      role="region"
      aria-label={t('player.region')}
      onKeyDown={(e) => {
        wake();
        onKey(e);
      }}
      onPointerMove={wake}
      onPointerDown={wake}
      onFocus={wake}
      className={`relative aspect-video w-full overflow-hidden rounded-xl bg-black text-white ${idle ? 'cursor-none' : ''}`}
    >
      <video
        ref={videoRef}
        className="size-full"
        poster={poster ?? undefined}
        playsInline
        preload="metadata"
        aria-label={title}
        onClick={toggle}
        onPlay={(e) => {
          setPlaying(true);
          handlersRef.current.onPlay(e.currentTarget.currentTime);
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
          <p
            data-testid="player-caption"
            className="rounded bg-black/75 px-3 py-1 text-center text-sm whitespace-pre-line sm:text-xl"
          >
            {cue}
          </p>
        </div>
      )}
      {hls.error && (
        <div className="absolute inset-0 z-20 flex flex-col items-center justify-center gap-3 bg-black/85 p-6 text-center">
          <p role="alert">{t(hls.error === 'network' ? 'player.loadError' : 'player.unsupported')}</p>
          {hls.error === 'network' && (
            <button
              type="button"
              className="inline-flex min-h-11 items-center rounded-lg bg-white px-4 font-semibold text-slate-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-300"
              onClick={hls.retry}
            >
              {t('common.retry')}
            </button>
          )}
        </div>
      )}
      {waiting && !hls.error && (
        <div
          className="pointer-events-none absolute inset-0 flex items-center justify-center"
          aria-hidden="true"
        >
          <span className="size-12 animate-spin rounded-full border-4 border-white/30 border-t-white" />
        </div>
      )}
      {!playing && !hls.error && (
        <button
          type="button"
          onClick={toggle}
          aria-label={t('player.play')}
          className="absolute top-1/2 left-1/2 flex size-14 -translate-x-1/2 -translate-y-[65%] items-center justify-center rounded-full bg-teal-700/90 shadow-lg hover:bg-teal-600 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-300 sm:size-16"
        >
          <Icon name="play" className="ml-1 size-7 sm:size-8" />
        </button>
      )}
      {help && <ShortcutHelp onClose={closeHelp} />}
      <Controls
        hidden={idle}
        helpButton={helpButton}
        s={{
          playing,
          time,
          duration,
          muted,
          volume,
          rate,
          levels: hls.levels,
          level: hls.level,
          autoHeight: hls.autoHeight,
          hasCaptions: captions.length > 0,
          captionsOn,
          fullscreen,
          help,
        }}
        a={{
          toggle,
          seekTo,
          toggleMute,
          setVolume: changeVolume,
          setRate: changeRate,
          setLevel: hls.setLevel,
          toggleCaptions,
          toggleHelp: () => (help ? closeHelp() : setHelp(true)),
          toggleFullscreen,
        }}
      />
    </div>
  );
}
