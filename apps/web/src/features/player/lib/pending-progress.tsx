import { useEffect } from 'react';
import { onSessionChange } from '../../../lib/session';
import { flushStoredProgress } from './progress';

/**
 * Sends progress the player could not send (offline, tab closed mid-save) on the next visit: when the app
 * starts, when a learner logs in, and when the browser comes back online. Mounted once, in the app shell.
 */
export function PendingProgress() {
  useEffect(() => {
    const flush = () => void flushStoredProgress();
    flush();
    const off = onSessionChange(flush);
    window.addEventListener('online', flush);
    return () => {
      off();
      window.removeEventListener('online', flush);
    };
  }, []);
  return null;
}
