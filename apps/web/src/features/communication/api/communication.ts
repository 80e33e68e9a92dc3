import type { UserPatchBody } from '@rianroo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { meKey } from '../../../lib/use-session';

export type MarketingPatch = NonNullable<UserPatchBody['marketing']>;

/**
 * Saves some of the e-mail choices. Every save is answered through `saved`/`failed` (the mutation's own
 * handlers): those given to one `mutate` call are dropped once another call has started, and switches are
 * often changed faster than the server answers.
 */
export function useSaveMarketing(
  userId: string,
  on: {
    saved?: (patch: MarketingPatch) => void;
    failed?: (err: unknown, patch: MarketingPatch) => void;
  } = {},
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (marketing: MarketingPatch) =>
      api('PATCH /api/users/:id', { params: { id: userId }, body: { marketing }, auth: true }),
    onSuccess: (_user, patch) => {
      on.saved?.(patch);
      return qc.invalidateQueries({ queryKey: meKey });
    },
    onError: (err, patch) => on.failed?.(err, patch),
  });
}

/** What the link turns off (nothing changes until the learner confirms). */
export function useUnsubscribeLink(token: string) {
  return useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: () => api('GET /api/unsubscribe', { query: { token } }),
    enabled: token.length > 0,
    retry: false,
  });
}

export function useUnsubscribe(token: string) {
  return useMutation({ mutationFn: () => api('POST /api/unsubscribe', { query: { token } }) });
}
