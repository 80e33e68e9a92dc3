import type {
  AdminCouponQuery,
  AdminPlanQuery,
  AdminRedemptionQuery,
  CouponCreateBody,
  CouponUpdateBody,
  PlanCreateBody,
  PlanUpdateBody,
} from '@rianroo/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKey } from '../lib/admin-api';
import { choiceFilters, tableQuery, type TableParams } from '../lib/table-params';

const ACTIVE = ['true', 'false'] as const;
export const activeFilter = choiceFilters(['active'], ACTIVE);
type ActiveParams<S extends string> = TableParams<S, 'active', (typeof ACTIVE)[number]>;

export const usePlans = (p: ActiveParams<AdminPlanQuery['sort']>) =>
  useQuery({
    queryKey: [...adminKey, 'plans', p],
    queryFn: () => api('GET /api/admin/plans', { query: tableQuery(p), auth: true }),
    placeholderData: keepPreviousData,
  });
export const useCoupons = (p: ActiveParams<AdminCouponQuery['sort']>) =>
  useQuery({
    queryKey: [...adminKey, 'coupons', p],
    queryFn: () => api('GET /api/admin/coupons', { query: tableQuery(p), auth: true }),
    placeholderData: keepPreviousData,
  });
export const useRedemptions = (id: string, p: TableParams<AdminRedemptionQuery['sort'], never, never>) =>
  useQuery({
    queryKey: [...adminKey, 'coupon', id, 'redemptions', p],
    queryFn: () =>
      api('GET /api/admin/coupons/:id/redemptions', { params: { id }, query: tableQuery(p), auth: true }),
    placeholderData: keepPreviousData,
  });
export const usePlan = (id: string) =>
  useQuery({
    queryKey: [...adminKey, 'plan', id],
    queryFn: () => api('GET /api/admin/plans/:id', { params: { id }, auth: true }),
  });
export const useCoupon = (id: string) =>
  useQuery({
    queryKey: [...adminKey, 'coupon', id],
    queryFn: () => api('GET /api/admin/coupons/:id', { params: { id }, auth: true }),
  });

/** A write; afterwards (also after an EDIT_CONFLICT) the console reads its lists and rows again. */
function useBillingWrite<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: adminKey }) });
}

export const useCreatePlan = () =>
  useBillingWrite((body: PlanCreateBody) => api('POST /api/admin/plans', { body, auth: true }));
export const useUpdatePlan = (id: string) =>
  useBillingWrite((body: PlanUpdateBody) =>
    api('PATCH /api/admin/plans/:id', { params: { id }, body, auth: true }),
  );
export const useDeletePlan = (id: string) =>
  useBillingWrite(() => api('DELETE /api/admin/plans/:id', { params: { id }, auth: true }));
export const useCreateCoupon = () =>
  useBillingWrite((body: CouponCreateBody) => api('POST /api/admin/coupons', { body, auth: true }));
export const useUpdateCoupon = (id: string) =>
  useBillingWrite((body: CouponUpdateBody) =>
    api('PATCH /api/admin/coupons/:id', { params: { id }, body, auth: true }),
  );

/** Baht as typed (e.g. "1,990.50") to whole satang; NaN when it is not an amount. */
export const toSatang = (baht: string) => {
  const clean = baht.replace(/,/g, '').trim();
  return /^\d+(\.\d{1,2})?$/.test(clean) ? Math.round(Number(clean) * 100) : NaN;
};
export const toBaht = (satang: number) => (satang / 100).toFixed(2);
