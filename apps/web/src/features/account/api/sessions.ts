import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const key = ['sessions'] as const;

export const listSessions = () => api('GET /api/auth/sessions', { auth: true });
export const useSessions = () => useQuery({ queryKey: key, queryFn: listSessions });

export const endSession = (id: string) =>
  api('DELETE /api/auth/sessions/:id', { params: { id }, auth: true });
export function useEndSession() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: endSession, onSuccess: () => qc.invalidateQueries({ queryKey: key }) });
}
