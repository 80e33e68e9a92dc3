import type { AuditQuery } from '@rianroo/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKey } from '../lib/admin-api';
import { tableQuery, textFilters, type TableParams } from '../lib/table-params';

export const auditFilters = textFilters(['entity', 'entityId', 'actorId', 'from', 'to']);

export const useAuditLog = (
  p: TableParams<AuditQuery['sort'], 'entity' | 'entityId' | 'actorId' | 'from' | 'to'>,
) =>
  useQuery({
    queryKey: [...adminKey, 'audit', p],
    queryFn: () => api('GET /api/admin/audit', { query: tableQuery(p), auth: true }),
    placeholderData: keepPreviousData,
  });

/** The people and kinds the log's filters offer. */
export const useAuditFacets = () =>
  useQuery({
    queryKey: [...adminKey, 'audit', 'facets'],
    queryFn: () => api('GET /api/admin/audit/facets', { auth: true }),
  });
