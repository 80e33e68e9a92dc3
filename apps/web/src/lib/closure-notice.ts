import { useSyncExternalStore } from 'react';

// "Your account closure was cancelled": set by the login that cancelled it (auth's completeLogin, from the login
// answer's closure_cancelled), shown by the layout until the learner dismisses it. Kept for the tab's session, so a
// reload after signing in still shows it.
const KEY = 'rianroo.closure-cancelled';
const listeners = new Set<() => void>();

const read = () => {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
};
const write = (on: boolean) => {
  try {
    if (on) sessionStorage.setItem(KEY, '1');
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the notice simply does not survive a reload.
  }
  listeners.forEach((l) => l());
};

export const markClosureCancelled = () => write(true);
export const dismissClosureNotice = () => write(false);

export function useClosureCancelled(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    read,
    () => false,
  );
}
