import type { LoginAnswer } from '@rianroo/contract';
import { ApiError } from '../../../lib/api-error';
import { currentDevice } from '../../../lib/device';
import { call } from '../../../lib/session';
import { completeLogin, type LoginOutcome } from './login';

export async function googleLogin(credential: string): Promise<LoginOutcome> {
  try {
    await completeLogin(
      await call<LoginAnswer>('/google-auth', { body: { credential, device: currentDevice() } }),
    );
    return { kind: 'done' };
  } catch (err) {
    if (err instanceof ApiError && err.code === 'DEVICE_LIMIT_REACHED') {
      return { kind: 'device-limit', limit: err.body as never };
    }
    throw err;
  }
}
