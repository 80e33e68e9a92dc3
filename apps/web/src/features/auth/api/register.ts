import type { RegisterBody } from '@rianroo/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { currentDevice } from '../../../lib/device';
import { completeLogin } from './login';

export type RegisterInput = Omit<RegisterBody, 'device'>;

/** Registration logs in (201 with the login answer). */
export async function register(input: RegisterInput): Promise<void> {
  await completeLogin(await api('POST /api/users', { body: { ...input, device: currentDevice() } }));
}

export const useRegister = () => useMutation({ mutationFn: register });
