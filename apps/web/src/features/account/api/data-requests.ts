import type { MyDataRequestBody } from '@rianroo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const key = ['data-requests'] as const;

export const listMyDataRequests = () => api('GET /api/users/data-requests', { auth: true });
export const useMyDataRequests = () => useQuery({ queryKey: key, queryFn: listMyDataRequests });

export const fileDataRequest = (body: MyDataRequestBody) =>
  api('POST /api/users/data-requests', { body, auth: true });
export function useFileDataRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fileDataRequest,
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}
