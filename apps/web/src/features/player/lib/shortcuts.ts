import type { MessageKey } from '../../../lib/i18n-strings';

/** Playback speeds offered (0.5x to 2x). */
export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2];

export type PlayerAction =
  | { type: 'toggle' }
  | { type: 'seek'; by: number }
  | { type: 'volume'; by: number }
  | { type: 'mute' }
  | { type: 'fullscreen' }
  | { type: 'captions' }
  | { type: 'speed'; dir: 1 | -1 }
  | { type: 'help' };

/** Keys the player answers, as listed in its help. */
export const SHORTCUTS: [string, MessageKey][] = [
  ['Space / K', 'player.keyPlay'],
  ['← / →', 'player.keySeek5'],
  ['J / L', 'player.keySeek10'],
  ['↑ / ↓', 'player.keyVolume'],
  ['M', 'player.keyMute'],
  ['F', 'player.keyFullscreen'],
  ['C', 'player.keyCaptions'],
  ['Shift + < / >', 'player.keySpeed'],
  ['?', 'player.shortcuts'],
];

const TEXT_INPUTS = 'input:not([type=range]):not([type=checkbox]):not([type=radio]), select, textarea';

/**
 * The action of a key pressed in the player or on the page body, or undefined when the key is not the
 * player's: never while typing in a field; on a slider its arrow keys stay the slider's; on a button or
 * link Space presses it.
 */
export function actionForKey(
  e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>,
  target: Element | null,
): PlayerAction | undefined {
  if (e.ctrlKey || e.metaKey || e.altKey) return undefined;
  if (target?.closest(`${TEXT_INPUTS}, [contenteditable]:not([contenteditable=false])`)) return undefined;
  const onSlider = !!target?.closest('input[type=range]');
  const onButton = !!target?.closest('button, a, summary');
  switch (e.key) {
    case ' ':
      return onButton ? undefined : { type: 'toggle' };
    case 'k':
    case 'K':
      return { type: 'toggle' };
    case 'ArrowLeft':
      return onSlider ? undefined : { type: 'seek', by: -5 };
    case 'ArrowRight':
      return onSlider ? undefined : { type: 'seek', by: 5 };
    case 'j':
    case 'J':
      return { type: 'seek', by: -10 };
    case 'l':
    case 'L':
      return { type: 'seek', by: 10 };
    case 'ArrowUp':
      return onSlider ? undefined : { type: 'volume', by: 0.1 };
    case 'ArrowDown':
      return onSlider ? undefined : { type: 'volume', by: -0.1 };
    case 'm':
    case 'M':
      return { type: 'mute' };
    case 'f':
    case 'F':
      return { type: 'fullscreen' };
    case 'c':
    case 'C':
      return { type: 'captions' };
    case '>':
      return { type: 'speed', dir: 1 };
    case '<':
      return { type: 'speed', dir: -1 };
    case '?':
      return { type: 'help' };
    default:
      return undefined;
  }
}

/** The speed one step up or down from `rate` (from 1x when `rate` is not one of the steps). */
export function stepSpeed(rate: number, dir: 1 | -1): number {
  const i = SPEEDS.indexOf(rate);
  const from = i < 0 ? SPEEDS.indexOf(1) : i;
  return SPEEDS[Math.max(0, Math.min(SPEEDS.length - 1, from + dir))]!;
}

/** A position `by` seconds away, kept inside the video (just before its end, so that it does not end). */
export function seekTarget(current: number, by: number, duration: number): number {
  const end = Number.isFinite(duration) && duration > 0 ? duration - 0.1 : Math.max(0, current + by);
  return Math.max(0, Math.min(end, current + by));
}
