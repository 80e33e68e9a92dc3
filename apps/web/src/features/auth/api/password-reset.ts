import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { currentDevice } from '../../../lib/device';

export const forgotPassword = (email: string) => api('POST /api/users/forgot-password', { body: { email } });
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });

export const verifyReset = (verificationString: string) =>
  api('POST /api/users/verify-password-reset', { body: { verificationString } });
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
  api('POST /api/users/reset-password', { body: { ...v, device: currentDevice() } });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
