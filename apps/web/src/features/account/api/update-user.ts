import type { User, UserPatchBody } from '@rianroo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/session';
import { meKey } from '../../../lib/use-session';

export const updateUser = (id: string, patch: UserPatchBody) =>
  call<User>(`/users/${id}`, { method: 'PATCH', body: patch, auth: true });

export function useUpdateUser(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: UserPatchBody) => updateUser(id, patch),
    onSuccess: () => qc.invalidateQueries({ queryKey: meKey }),
  });
}
