import type { User } from '@rianroo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, rememberUser } from '../../../lib/session';
import { meKey } from '../../../lib/use-session';

export const uploadPhoto = (id: string, file: File) =>
  call<User>(`/users/${id}/profile-image`, {
    method: 'POST',
    raw: { data: file, type: file.type },
    auth: true,
  });

export function useUploadPhoto(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadPhoto(id, file),
    onSuccess: (user) => {
      rememberUser(user);
      return qc.invalidateQueries({ queryKey: meKey });
    },
  });
}
