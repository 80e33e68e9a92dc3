import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { rememberUser } from '../../../lib/session';
import { meKey } from '../../../lib/use-session';

/** The photo goes as the raw body, in its own type (the row has no JSON body). */
export const uploadPhoto = (id: string, file: File) =>
  api(
    'POST /api/users/:id/profile-image',
    { params: { id }, auth: true },
    { raw: { data: file, type: file.type } },
  );

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
