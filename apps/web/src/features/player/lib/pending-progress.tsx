import { useEffect } from 'react';
import { onBeforeLogout } from '../../../lib/logout';
import { onSessionChange } from '../../../lib/session';
import { flushStoredProgress } from './progress';

/**
 * Sends progress the player could not send (offline, tab closed mid-save) on the next visit: when the app
 * starts, when a learner logs in, when the browser comes back online, and at logout while the learner is
 * still signed in. Mounted once, in the app shell.
 */
export function PendingProgress() {
  useEffect(() => {
    const flush = () => void flushStoredProgress();
    flush();
    const off = onSessionChange(flush);
    const offLogout = onBeforeLogout(flushStoredProgress);
    window.addEventListener('online', flush);
    return () => {
      off();
      offLogout();
      window.removeEventListener('online', flush);
    };
  }, []);
  return null;
}
