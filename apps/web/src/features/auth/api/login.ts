import type { DeviceLimitError, LoginAnswer } from '@rianroo/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-error';
import { currentDevice } from '../../../lib/device';
import { call, saveTokens } from '../../../lib/session';

export type LoginOutcome = { kind: 'done' } | { kind: 'device-limit'; limit: DeviceLimitError };

/** Saves the tokens of a login answer (which loads the user, spec section 4). */
export async function completeLogin(answer: LoginAnswer): Promise<void> {
  await saveTokens(answer.access_token, answer.refresh_token);
}

/** A login by password or through another provider (Google, Facebook): the same answer and device limit. */
export async function loginWith(path: string, body: Record<string, unknown>): Promise<LoginOutcome> {
  try {
    await completeLogin(await call<LoginAnswer>(path, { body: { ...body, device: currentDevice() } }));
    return { kind: 'done' };
  } catch (err) {
    if (err instanceof ApiError && err.code === 'DEVICE_LIMIT_REACHED') {
      return { kind: 'device-limit', limit: err.body as unknown as DeviceLimitError };
    }
    throw err;
  }
}

export const login = (email: string, password: string) => loginWith('/auth', { email, password });

export const useLogin = () =>
  useMutation({ mutationFn: (v: { email: string; password: string }) => login(v.email, v.password) });
