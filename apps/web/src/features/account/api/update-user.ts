import type { UserPatchBody } from '@rianroo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { meKey } from '../../../lib/use-session';

export const updateUser = (id: string, patch: UserPatchBody) =>
  api('PATCH /api/users/:id', { params: { id }, body: patch, auth: true });

export function useUpdateUser(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: UserPatchBody) => updateUser(id, patch),
    onSuccess: () => qc.invalidateQueries({ queryKey: meKey }),
  });
}
