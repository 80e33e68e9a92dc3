import type { AuditPage } from '@rianroo/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminCall, adminKey } from '../lib/admin-api';
import { apiQuery, type TableParams } from '../lib/table-params';

export const auditFilters = ['entity', 'entityId', 'actorId'] as const;

export const useAuditLog = (p: TableParams) =>
  useQuery({
    queryKey: [...adminKey, 'audit', p],
    queryFn: () => adminCall<AuditPage>(`/audit?${apiQuery(p)}`),
    placeholderData: keepPreviousData,
  });
