import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { completeLogin } from './login';

/** The partial login of the spec: sign out the chosen devices and complete the login. */
export async function partialLogin(partialToken: string, logoutDeviceIds: string[]): Promise<void> {
  const answer = await api('POST /api/users/partial-login', { body: { partialToken, logoutDeviceIds } });
  await completeLogin(answer);
}

export const usePartialLogin = () =>
  useMutation({
    mutationFn: (v: { partialToken: string; logoutDeviceIds: string[] }) =>
      partialLogin(v.partialToken, v.logoutDeviceIds),
  });
