import type { AccountClosureBody } from '@rianroo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const key = ['account-closure'] as const;

export const accountClosure = () => api('GET /api/users/account-closure', { auth: true });
export const useAccountClosure = () => useQuery({ queryKey: key, queryFn: accountClosure });

/** Closes the account: the server ends every session, so the caller signs out here afterwards. */
export const requestClosure = (body: AccountClosureBody) =>
  api('POST /api/users/account-closure', { body, auth: true });
export const useRequestClosure = () => useMutation({ mutationFn: requestClosure });

export const cancelClosure = () => api('DELETE /api/users/account-closure', { auth: true });
export function useCancelClosure() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: cancelClosure, onSuccess: () => qc.invalidateQueries({ queryKey: key }) });
}

/** The page a learner sees once signed out by the closure (public: no session is left to show it with). */
export const CLOSURE_REQUESTED_PATH = '/goodbye';
export const closureRequestedPath = (dueAt: string) =>
  `${CLOSURE_REQUESTED_PATH}?due=${encodeURIComponent(dueAt)}`;
