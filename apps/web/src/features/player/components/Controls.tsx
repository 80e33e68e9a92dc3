import type { RefObject } from 'react';
import { clock } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { SPEEDS } from '../lib/shortcuts';
import type { Level } from '../lib/use-hls';
import { Icon } from './Icon';

const btn =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-md text-white hover:bg-white/15 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-amber-300 sm:size-10';
const select =
  'h-8 shrink-0 cursor-pointer appearance-none rounded-md border border-white/40 bg-transparent px-1.5 text-xs text-white hover:bg-white/15 focus-visible:outline-3 focus-visible:outline-amber-300 sm:h-9 sm:px-2 sm:text-sm';

export interface ControlState {
  playing: boolean;
  time: number;
  duration: number;
  muted: boolean;
  volume: number;
  rate: number;
  levels: Level[];
  level: number;
  autoHeight: number | undefined;
  hasCaptions: boolean;
  captionsOn: boolean;
  fullscreen: boolean;
  help: boolean;
}

export interface ControlActions {
  toggle: () => void;
  seekTo: (t: number) => void;
  toggleMute: () => void;
  setVolume: (v: number) => void;
  setRate: (r: number) => void;
  setLevel: (i: number) => void;
  toggleCaptions: () => void;
  toggleHelp: () => void;
  toggleFullscreen: () => void;
}

/** The bar under the video: seek bar and time on one row, buttons and choices on the next (fits 360 px). */
export function Controls({
  s,
  a,
  helpButton,
  hidden = false,
}: {
  s: ControlState;
  a: ControlActions;
  helpButton: RefObject<HTMLButtonElement | null>;
  /** Faded out while the video plays and the viewer is idle; any activity brings them back. */
  hidden?: boolean;
}) {
  const { t } = useI18n();
  const max = s.duration || 0;
  const shownHeight = s.level >= 0 ? s.levels.find((l) => l.index === s.level)?.height : s.autoHeight;
  return (
    <div
      data-testid="player-controls"
      data-hidden={hidden}
      className={`absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/90 via-black/60 to-transparent px-2 pt-6 pb-1 transition-opacity duration-300 ${hidden ? 'opacity-0' : 'opacity-100'}`}
    >
      <div className="flex items-center gap-2">
        <input
          type="range"
          min={0}
          max={max}
          step={1}
          value={Math.min(s.time, max)}
          onChange={(e) => a.seekTo(Number(e.target.value))}
          aria-label={t('player.seek')}
          aria-valuetext={`${clock(s.time)} / ${clock(s.duration)}`}
          className="h-2 min-w-0 flex-1 cursor-pointer accent-teal-400"
        />
        <span className="shrink-0 text-xs text-white tabular-nums sm:text-sm">
          {clock(s.time)} / {clock(s.duration)}
        </span>
      </div>
      <div className="flex items-center gap-0.5 sm:gap-1">
        <button
          type="button"
          className={btn}
          onClick={a.toggle}
          aria-label={s.playing ? t('player.pause') : t('player.play')}
        >
          <Icon name={s.playing ? 'pause' : 'play'} />
        </button>
        <button
          type="button"
          className={btn}
          onClick={a.toggleMute}
          aria-label={t('player.mute')}
          aria-pressed={s.muted}
        >
          <Icon name={s.muted || s.volume === 0 ? 'muted' : 'volume'} />
        </button>
        <input
          type="range"
          min={0}
          max={1}
          step={0.05}
          value={s.muted ? 0 : s.volume}
          onChange={(e) => a.setVolume(Number(e.target.value))}
          aria-label={t('player.volume')}
          aria-valuetext={`${Math.round((s.muted ? 0 : s.volume) * 100)}%`}
          className="hidden w-20 accent-teal-400 sm:block"
        />
        <span className="flex-1" />
        <select
          value={s.rate}
          onChange={(e) => a.setRate(Number(e.target.value))}
          aria-label={t('player.speed')}
          className={select}
        >
          {SPEEDS.map((r) => (
            <option key={r} value={r} className="text-slate-900">
              {r}x
            </option>
          ))}
        </select>
        {s.levels.length > 1 && (
          <select
            value={s.level}
            onChange={(e) => a.setLevel(Number(e.target.value))}
            aria-label={t('player.quality')}
            title={shownHeight ? `${shownHeight}p` : undefined}
            className={select}
          >
            <option value={-1} className="text-slate-900">
              {t('player.auto')}
            </option>
            {s.levels.map((l) => (
              <option key={l.index} value={l.index} className="text-slate-900">
                {l.height}p
              </option>
            ))}
          </select>
        )}
        {s.hasCaptions && (
          <button
            type="button"
            className={btn}
            onClick={a.toggleCaptions}
            aria-label={t('player.captionsButton')}
            aria-pressed={s.captionsOn}
          >
            <span
              aria-hidden="true"
              className={`rounded-sm border px-0.5 text-[0.65rem] leading-tight font-bold ${s.captionsOn ? 'border-amber-300 text-amber-300' : 'border-white'}`}
            >
              CC
            </span>
          </button>
        )}
        <button
          ref={helpButton}
          type="button"
          className={btn}
          onClick={a.toggleHelp}
          aria-label={t('player.shortcuts')}
          aria-expanded={s.help}
        >
          <span aria-hidden="true" className="font-bold">
            ?
          </span>
        </button>
        <button
          type="button"
          className={btn}
          onClick={a.toggleFullscreen}
          aria-label={s.fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}
        >
          <Icon name={s.fullscreen ? 'exitFullscreen' : 'fullscreen'} />
        </button>
      </div>
    </div>
  );
}
