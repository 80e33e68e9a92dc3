import { KEYS, read, write } from '../../../lib/storage';
import { SPEEDS } from './shortcuts';

/** What the learner chose in the player, kept for the next episode and the next visit on this browser. */
export interface PlayerPrefs {
  rate: number;
  captions: boolean;
}

const DEFAULTS: PlayerPrefs = { rate: 1, captions: false };

/** The kept choice; anything unreadable or not offered (a speed the menu lacks) gives the default. */
export function readPlayerPrefs(): PlayerPrefs {
  try {
    const raw = JSON.parse(read(KEYS.playerPrefs) ?? 'null') as Partial<PlayerPrefs> | null;
    return {
      rate: typeof raw?.rate === 'number' && SPEEDS.includes(raw.rate) ? raw.rate : DEFAULTS.rate,
      captions: typeof raw?.captions === 'boolean' ? raw.captions : DEFAULTS.captions,
    };
  } catch {
    return { ...DEFAULTS };
  }
}

export function savePlayerPrefs(change: Partial<PlayerPrefs>) {
  write(KEYS.playerPrefs, JSON.stringify({ ...readPlayerPrefs(), ...change }));
}
