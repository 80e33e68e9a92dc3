import type { AdminApplicationBody, AdminApplicationQuery } from '@rianroo/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKey } from '../lib/admin-api';
import { choiceFilters, tableQuery, type TableParams } from '../lib/table-params';

export const STATUSES = ['new', 'contacted', 'accepted', 'declined'] as const;
export const applicationFilters = choiceFilters(['status'], STATUSES);

export const useApplications = (
  p: TableParams<AdminApplicationQuery['sort'], 'status', (typeof STATUSES)[number]>,
) =>
  useQuery({
    queryKey: [...adminKey, 'applications', p],
    queryFn: () => api('GET /api/admin/applications', { query: tableQuery(p), auth: true }),
    placeholderData: keepPreviousData,
  });

export const useApplication = (id: string) =>
  useQuery({
    queryKey: [...adminKey, 'application', id],
    queryFn: () => api('GET /api/admin/applications/:id', { params: { id }, auth: true }),
  });

export const useMarkApplication = (id: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminApplicationBody) =>
      api('PUT /api/admin/applications/:id/status', { params: { id }, body, auth: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKey }),
  });
};
