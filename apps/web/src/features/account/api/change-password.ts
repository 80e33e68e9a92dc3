import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface ChangePasswordInput {
  currentPassword?: string;
  password: string;
  passwordConfirmation: string;
}

export const changePassword = (v: ChangePasswordInput) =>
  api('POST /api/users/reset-password-contact', { body: v, auth: true });

export function useChangePassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['sessions'] }),
  });
}
