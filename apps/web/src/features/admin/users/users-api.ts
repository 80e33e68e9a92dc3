import type {
  AdminCertificate,
  AdminPlanPage,
  AdminSubscriptionGrantBody,
  AdminUserDetail,
  AdminUserPage,
  AdminUserSubscription,
} from '@rianroo/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminCall, adminKey } from '../lib/admin-api';
import { apiQuery, type TableParams } from '../lib/table-params';

export const userFilters = ['role'] as const;
const userKey = (id: string) => [...adminKey, 'user', id] as const;

export const useUsers = (p: TableParams) =>
  useQuery({
    queryKey: [...adminKey, 'users', p],
    queryFn: () => adminCall<AdminUserPage>(`/users?${apiQuery(p)}`),
    placeholderData: keepPreviousData,
  });

export const useUser = (id: string) =>
  useQuery({ queryKey: userKey(id), queryFn: () => adminCall<AdminUserDetail>(`/users/${id}`) });

/** A write about one user: afterwards the user, the lists and the audit log are read again. */
function useUserWrite<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: adminKey }) });
}

export const useSetRole = (id: string) =>
  useUserWrite((role: AdminUserDetail['role']) =>
    adminCall<AdminUserDetail>(`/users/${id}/role`, { method: 'PUT', body: { role } }),
  );
export const useEndSession = (id: string) =>
  useUserWrite((sessionId: string) =>
    adminCall<void>(`/users/${id}/sessions/${sessionId}`, { method: 'DELETE' }),
  );
export const useEndSubscription = (id: string) =>
  useUserWrite((subscriptionId: string) =>
    adminCall<AdminUserSubscription>(`/users/${id}/subscriptions/${subscriptionId}/end`, { method: 'POST' }),
  );
export const useGrantSubscription = (id: string) =>
  useUserWrite((body: AdminSubscriptionGrantBody) =>
    adminCall<AdminUserSubscription>(`/users/${id}/subscriptions`, { method: 'POST', body }),
  );
/** The plans an administrator may grant: the active paid ones (a free trial is the learner's own). */
export const useGrantablePlans = () =>
  useQuery({
    queryKey: [...adminKey, 'plans', 'grantable'],
    queryFn: async () =>
      (await adminCall<AdminPlanPage>('/plans?active=true&sort=sort&order=asc&pageSize=100')).items.filter(
        (p) => p.interval !== 'trial',
      ),
  });
export const useRevokeCertificate = () =>
  useUserWrite((v: { certificateId: string; reason: string }) =>
    adminCall<AdminCertificate>(`/certificates/${v.certificateId}/revoke`, {
      method: 'POST',
      body: { reason: v.reason },
    }),
  );
