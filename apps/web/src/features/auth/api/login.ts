import type { Device, DeviceLimitError, LoginAnswer } from '@rianroo/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-error';
import { markClosureCancelled } from '../../../lib/closure-notice';
import { currentDevice } from '../../../lib/device';
import { saveTokens } from '../../../lib/session';

export type LoginOutcome = { kind: 'done' } | { kind: 'device-limit'; limit: DeviceLimitError };

/** Saves the tokens of a login answer (which loads the user, spec section 4). */
export async function completeLogin(answer: LoginAnswer): Promise<void> {
  await saveTokens(answer.access_token, answer.refresh_token);
  // Signing in during the cool-off cancelled the learner's account closure: the layout says so.
  if (answer.closure_cancelled) markClosureCancelled();
}

/**
 * A login by password or through another provider (Google, Facebook, OpenID Connect): the same answer and
 * device limit. `send` makes the provider's call with this browser's device.
 */
export async function loginWith(send: (device: Device) => Promise<LoginAnswer>): Promise<LoginOutcome> {
  try {
    await completeLogin(await send(currentDevice()));
    return { kind: 'done' };
  } catch (err) {
    if (err instanceof ApiError && err.code === 'DEVICE_LIMIT_REACHED') {
      return { kind: 'device-limit', limit: err.body as unknown as DeviceLimitError };
    }
    throw err;
  }
}

export const login = (email: string, password: string) =>
  loginWith((device) => api('POST /api/auth', { body: { email, password, device } }));

export const useLogin = () =>
  useMutation({ mutationFn: (v: { email: string; password: string }) => login(v.email, v.password) });
