/** Local-storage keys of the seed spec (section 3), spelled exactly as it spells them. */
export const KEYS = {
  token: 'token',
  refreshToken: 'refreshToken',
  tokenSavedTime: 'tokenSavedTime',
  uid: 'uid',
  profile: 'profile',
  boughtAnnual: 'boughtAnnual',
  // The player's keys (spec section 3); written by the player.
  courseID: 'courseID',
  episodeID: 'episodeID',
  lastSecond: 'lastSecond',
  episodeCompletionPercentage: 'episodeCompletionPercentage',
  // Ours: the browser's random device id, and the chosen language.
  deviceId: 'deviceId',
  lang: 'lang',
  // Ours: whose progress the player's keys hold (a user id), and progress set aside for learners who left
  // before it could be sent (by user id), so that progress is only ever sent for its own learner.
  progressOwner: 'progressOwner',
  progressSetAside: 'progressSetAside',
  // Ours: the player's chosen speed and captions, kept across episodes and reloads (this browser's choice).
  playerPrefs: 'playerPrefs',
} as const;

export function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage disabled (private mode, policy): behave as a first visit
  }
}

export function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* storage full or disabled: the session lasts as long as the page */
  }
}

export function remove(...keys: string[]): void {
  for (const key of keys) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* nothing to remove */
    }
  }
}

/** Seconds since the epoch, the unit of tokenSavedTime. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);
