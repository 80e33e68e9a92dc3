import { useSyncExternalStore } from 'react';
import { api } from './api';
import { isLoggedIn } from './session';
import { read, write } from './storage';

/** The learner's choice about the editors' analytics scripts (PDPA consent), kept in this browser. */
export type Consent = 'granted' | 'denied' | null;
export const CONSENT_KEY = 'analyticsConsent';

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === CONSENT_KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

export function readConsent(): Consent {
  const v = read(CONSENT_KEY);
  return v === 'granted' || v === 'denied' ? v : null;
}

/**
 * Keeps the choice in this browser and, for a signed-in learner, in their consent history (PDPA: each change with
 * its time and where it was made); settles once that is done. The call outlives the page, which a withdrawal
 * reloads at once.
 */
export function setConsent(value: 'granted' | 'denied', source: 'banner' | 'account' = 'banner') {
  const before = readConsent();
  write(CONSENT_KEY, value);
  const recorded = isLoggedIn()
    ? api(
        'PUT /api/users/consents/analytics',
        { body: { granted: value === 'granted', source }, auth: true },
        { keepalive: true },
      ).then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
  listeners.forEach((l) => l());
  // Scripts already running cannot be taken back out of the page: a withdrawal starts a clean page.
  if (before === 'granted' && value === 'denied') window.location.reload();
  return recorded;
}

export const useConsent = (): Consent => useSyncExternalStore(subscribe, readConsent, () => null);
