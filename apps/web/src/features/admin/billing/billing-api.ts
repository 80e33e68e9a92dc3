import type {
  AdminCoupon,
  AdminCouponPage,
  AdminPlan,
  AdminPlanPage,
  AdminRedemptionPage,
  CouponCreateBody,
  CouponUpdateBody,
  PlanCreateBody,
  PlanUpdateBody,
} from '@rianroo/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminCall, adminKey } from '../lib/admin-api';
import { apiQuery, type TableParams } from '../lib/table-params';

export const activeFilter = ['active'] as const;

export const usePlans = (p: TableParams) =>
  useQuery({
    queryKey: [...adminKey, 'plans', p],
    queryFn: () => adminCall<AdminPlanPage>(`/plans?${apiQuery(p)}`),
    placeholderData: keepPreviousData,
  });
export const useCoupons = (p: TableParams) =>
  useQuery({
    queryKey: [...adminKey, 'coupons', p],
    queryFn: () => adminCall<AdminCouponPage>(`/coupons?${apiQuery(p)}`),
    placeholderData: keepPreviousData,
  });
export const useRedemptions = (id: string, p: TableParams) =>
  useQuery({
    queryKey: [...adminKey, 'coupon', id, 'redemptions', p],
    queryFn: () => adminCall<AdminRedemptionPage>(`/coupons/${id}/redemptions?${apiQuery(p)}`),
    placeholderData: keepPreviousData,
  });
export const usePlan = (id: string) =>
  useQuery({ queryKey: [...adminKey, 'plan', id], queryFn: () => adminCall<AdminPlan>(`/plans/${id}`) });
export const useCoupon = (id: string) =>
  useQuery({
    queryKey: [...adminKey, 'coupon', id],
    queryFn: () => adminCall<AdminCoupon>(`/coupons/${id}`),
  });

/** A write; afterwards (also after an EDIT_CONFLICT) the console reads its lists and rows again. */
function useBillingWrite<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: adminKey }) });
}

export const useCreatePlan = () =>
  useBillingWrite((body: PlanCreateBody) => adminCall<AdminPlan>('/plans', { method: 'POST', body }));
export const useUpdatePlan = (id: string) =>
  useBillingWrite((body: PlanUpdateBody) => adminCall<AdminPlan>(`/plans/${id}`, { method: 'PATCH', body }));
export const useDeletePlan = (id: string) =>
  useBillingWrite(() => adminCall<void>(`/plans/${id}`, { method: 'DELETE' }));
export const useCreateCoupon = () =>
  useBillingWrite((body: CouponCreateBody) => adminCall<AdminCoupon>('/coupons', { method: 'POST', body }));
export const useUpdateCoupon = (id: string) =>
  useBillingWrite((body: CouponUpdateBody) =>
    adminCall<AdminCoupon>(`/coupons/${id}`, { method: 'PATCH', body }),
  );

/** Baht as typed (e.g. "1,990.50") to whole satang; NaN when it is not an amount. */
export const toSatang = (baht: string) => {
  const clean = baht.replace(/,/g, '').trim();
  return /^\d+(\.\d{1,2})?$/.test(clean) ? Math.round(Number(clean) * 100) : NaN;
};
export const toBaht = (satang: number) => (satang / 100).toFixed(2);
