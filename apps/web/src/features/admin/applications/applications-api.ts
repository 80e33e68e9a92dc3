import type { AdminApplication, AdminApplicationBody, AdminApplicationPage } from '@rianroo/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminCall, adminKey } from '../lib/admin-api';
import { apiQuery, type TableParams } from '../lib/table-params';

export const applicationFilters = ['status'] as const;
export const STATUSES = ['new', 'contacted', 'accepted', 'declined'] as const;

export const useApplications = (p: TableParams) =>
  useQuery({
    queryKey: [...adminKey, 'applications', p],
    queryFn: () => adminCall<AdminApplicationPage>(`/applications?${apiQuery(p)}`),
    placeholderData: keepPreviousData,
  });

export const useApplication = (id: string) =>
  useQuery({
    queryKey: [...adminKey, 'application', id],
    queryFn: () => adminCall<AdminApplication>(`/applications/${id}`),
  });

export const useMarkApplication = (id: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminApplicationBody) =>
      adminCall<AdminApplication>(`/applications/${id}/status`, { method: 'PUT', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKey }),
  });
};
