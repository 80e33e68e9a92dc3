import { api } from './api';
import { currentDevice } from './device';
import { destroyTokens } from './session';

export type LogoutResult =
  | { success: true }
  | { message: 'No response from Backend'; success: false; redirect: '/'; timestamp: number };

const beforeLogout = new Set<() => Promise<unknown>>();

/**
 * Work to finish while the learner is still signed in (their unsent progress): logout waits for it, whatever
 * its outcome. Answers the function that takes it off again.
 */
export function onBeforeLogout(task: () => Promise<unknown>): () => void {
  beforeLogout.add(task);
  return () => beforeLogout.delete(task);
}

/**
 * Logs out on the server, then destroys the local tokens whatever the answer (spec section 4), so a learner who
 * presses "log out" is logged out here even when the server cannot be reached. A failure answers the spec's
 * object (section 8).
 */
export async function logout(): Promise<LogoutResult> {
  await Promise.allSettled([...beforeLogout].map((task) => Promise.resolve().then(task)));
  try {
    await api('POST /api/auth/save-logout-user', { body: { device: currentDevice() }, auth: true });
    return { success: true };
  } catch {
    return { message: 'No response from Backend', success: false, redirect: '/', timestamp: Date.now() };
  } finally {
    destroyTokens();
  }
}
