import { currentDevice } from './device';
import { call, destroyTokens } from './session';

export type LogoutResult =
  | { success: true }
  | { message: 'No response from Backend'; success: false; redirect: '/'; timestamp: number };

/**
 * Logs out on the server, then destroys the local tokens whatever the answer (spec section 4), so a learner who
 * presses "log out" is logged out here even when the server cannot be reached. A failure answers the spec's
 * object (section 8).
 */
export async function logout(): Promise<LogoutResult> {
  try {
    await call('/auth/save-logout-user', { method: 'POST', body: { device: currentDevice() }, auth: true });
    return { success: true };
  } catch {
    return { message: 'No response from Backend', success: false, redirect: '/', timestamp: Date.now() };
  } finally {
    destroyTokens();
  }
}
