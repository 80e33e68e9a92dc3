import {
  roles,
  type AdminSubscriptionGrantBody,
  type AdminUserDetail,
  type AdminUserQuery,
} from '@rianroo/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKey } from '../lib/admin-api';
import { choiceFilters, tableQuery, type TableParams } from '../lib/table-params';

export const userFilters = choiceFilters(['role'], roles);
const userKey = (id: string) => [...adminKey, 'user', id] as const;

export const useUsers = (p: TableParams<AdminUserQuery['sort'], 'role', AdminUserDetail['role']>) =>
  useQuery({
    queryKey: [...adminKey, 'users', p],
    queryFn: () => api('GET /api/admin/users', { query: tableQuery(p), auth: true }),
    placeholderData: keepPreviousData,
  });

export const useUser = (id: string) =>
  useQuery({
    queryKey: userKey(id),
    queryFn: () => api('GET /api/admin/users/:id', { params: { id }, auth: true }),
  });

/** A write about one user: afterwards the user, the lists and the audit log are read again. */
function useUserWrite<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: adminKey }) });
}

export const useSetRole = (id: string) =>
  useUserWrite((role: AdminUserDetail['role']) =>
    api('PUT /api/admin/users/:id/role', { params: { id }, body: { role }, auth: true }),
  );
export const useEndSession = (id: string) =>
  useUserWrite((sessionId: string) =>
    api('DELETE /api/admin/users/:id/sessions/:sessionId', { params: { id, sessionId }, auth: true }),
  );
export const useEndSubscription = (id: string) =>
  useUserWrite((subscriptionId: string) =>
    api('POST /api/admin/users/:id/subscriptions/:subscriptionId/end', {
      params: { id, subscriptionId },
      auth: true,
    }),
  );
export const useGrantSubscription = (id: string) =>
  useUserWrite((body: AdminSubscriptionGrantBody) =>
    api('POST /api/admin/users/:id/subscriptions', { params: { id }, body, auth: true }),
  );
/** The plans an administrator may grant: the active paid ones (a free trial is the learner's own). */
export const useGrantablePlans = () =>
  useQuery({
    queryKey: [...adminKey, 'plans', 'grantable'],
    queryFn: async () =>
      (
        await api('GET /api/admin/plans', {
          query: { active: 'true', sort: 'sort', order: 'asc', pageSize: 100 },
          auth: true,
        })
      ).items.filter((p) => p.interval !== 'trial'),
  });
export const useRevokeCertificate = () =>
  useUserWrite((v: { certificateId: string; reason: string }) =>
    api('POST /api/admin/certificates/:id/revoke', {
      params: { id: v.certificateId },
      body: { reason: v.reason },
      auth: true,
    }),
  );
