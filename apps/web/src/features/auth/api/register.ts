import type { LoginAnswer, RegisterBody } from '@rianroo/contract';
import { useMutation } from '@tanstack/react-query';
import { currentDevice } from '../../../lib/device';
import { call } from '../../../lib/session';
import { completeLogin } from './login';

export type RegisterInput = Omit<RegisterBody, 'device'>;

/** Registration logs in (201 with the login answer). */
export async function register(input: RegisterInput): Promise<void> {
  await completeLogin(await call<LoginAnswer>('/users', { body: { ...input, device: currentDevice() } }));
}

export const useRegister = () => useMutation({ mutationFn: register });
