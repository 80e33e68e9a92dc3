import {
  DATA_REQUEST_KINDS,
  DATA_REQUEST_STATUSES,
  type AdminDataRequestBody,
  type AdminDataRequestPatch,
  type AdminDataRequestQuery,
} from '@rianroo/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKey } from '../lib/admin-api';
import { choiceFilters, tableQuery, type TableParams } from '../lib/table-params';

export const KINDS = DATA_REQUEST_KINDS;
export const STATUSES = DATA_REQUEST_STATUSES;
const FILTER_VALUES = [...KINDS, ...STATUSES, 'true', 'false'] as const;
export const requestFilters = choiceFilters(['status', 'kind', 'overdue'], FILTER_VALUES);

type Params = TableParams<AdminDataRequestQuery['sort'], 'status' | 'kind' | 'overdue', string>;

export const useDataRequests = (p: Params) =>
  useQuery({
    queryKey: [...adminKey, 'data-requests', p],
    queryFn: () =>
      api('GET /api/admin/data-requests', {
        query: tableQuery(p) as AdminDataRequestQuery,
        auth: true,
      }),
    placeholderData: keepPreviousData,
  });

export const useDataRequest = (id: string) =>
  useQuery({
    queryKey: [...adminKey, 'data-request', id],
    queryFn: () => api('GET /api/admin/data-requests/:id', { params: { id }, auth: true }),
  });

export const useEnterDataRequest = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminDataRequestBody) => api('POST /api/admin/data-requests', { body, auth: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKey }),
  });
};

export const useChangeDataRequest = (id: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminDataRequestPatch) =>
      api('PATCH /api/admin/data-requests/:id', { params: { id }, body, auth: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKey }),
  });
};

/** Whole days from now to the due time, as the queue shows them (negative: overdue by that many). */
export const daysLeft = (dueAt: string, now = Date.now()) =>
  Math.ceil((Date.parse(dueAt) - now) / 86_400_000);
