import { useMutation, useQuery } from '@tanstack/react-query';
import { currentDevice } from '../../../lib/device';
import { call } from '../../../lib/session';

export const forgotPassword = (email: string) =>
  call<{ success: true }>('/users/forgot-password', { body: { email } });
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });

export const verifyReset = (verificationString: string) =>
  call<{ valid: true; email: string }>('/users/verify-password-reset', { body: { verificationString } });
export const useVerifyReset = (code: string | null) =>
  useQuery({
    queryKey: ['verify-reset', code],
    queryFn: () => verifyReset(code!),
    enabled: !!code,
    retry: false,
  });

export const resetPassword = (v: {
  password: string;
  passwordConfirmation: string;
  verificationString: string;
}) =>
  // This browser's device goes with it: proven the owner's by the mailed link, strangers' guesses at the
  // account cannot keep it from signing in (decision 010).
  call<{ success: true }>('/users/reset-password', { body: { ...v, device: currentDevice() } });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
