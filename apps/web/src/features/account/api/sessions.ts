import type { Session } from '@rianroo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/session';

const key = ['sessions'] as const;

export const listSessions = () => call<Session[]>('/auth/sessions', { auth: true });
export const useSessions = () => useQuery({ queryKey: key, queryFn: listSessions });

export const endSession = (id: string) =>
  call<void>(`/auth/sessions/${id}`, { method: 'DELETE', auth: true });
export function useEndSession() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: endSession, onSuccess: () => qc.invalidateQueries({ queryKey: key }) });
}
