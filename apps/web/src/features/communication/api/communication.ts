import type { User, UnsubscribeAnswer, UserPatchBody } from '@rianroo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/session';
import { meKey } from '../../../lib/use-session';

export function useSaveMarketing(userId: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (marketing: NonNullable<UserPatchBody['marketing']>) =>
      call<User>(`/users/${userId}`, { method: 'PATCH', body: { marketing }, auth: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: meKey }),
  });
}

const path = (token: string) => `/unsubscribe?token=${encodeURIComponent(token)}`;

/** What the link turns off (nothing changes until the learner confirms). */
export function useUnsubscribeLink(token: string) {
  return useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: () => call<UnsubscribeAnswer>(path(token)),
    enabled: token.length > 0,
    retry: false,
  });
}

export function useUnsubscribe(token: string) {
  return useMutation({ mutationFn: () => call<UnsubscribeAnswer>(path(token), { method: 'POST' }) });
}
