import type { AdminOrderQuery, RefundBody } from '@rianroo/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiBlob } from '../../../lib/api';
import { saveBlob } from '../../../lib/tax-invoices';
import { adminKey } from '../lib/admin-api';
import { choiceFilters, tableQuery, type TableParams } from '../lib/table-params';

/** The console's orders and refunds. */
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'expired'] as const;
export const statusFilter = choiceFilters(['status'], ORDER_STATUSES);

export const useOrders = (
  p: TableParams<AdminOrderQuery['sort'], 'status', (typeof ORDER_STATUSES)[number]>,
) =>
  useQuery({
    queryKey: [...adminKey, 'orders', p],
    queryFn: () => api('GET /api/admin/orders', { query: tableQuery(p), auth: true }),
    placeholderData: keepPreviousData,
  });
export const useOrder = (id: string) =>
  useQuery({
    queryKey: [...adminKey, 'order', id],
    queryFn: () => api('GET /api/admin/orders/:id', { params: { id }, auth: true }),
  });

/** A refund; afterwards (also after a failure) the console reads the order and lists again. */
export function useRefund(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundBody) =>
      api('POST /api/admin/orders/:id/refunds', { params: { id }, body, auth: true }),
    onSettled: () => qc.invalidateQueries({ queryKey: adminKey }),
  });
}

/** Saves a tax invoice's or credit note's PDF. */
export async function downloadAdminTaxDocument(number: string) {
  saveBlob(
    await apiBlob('GET /api/admin/tax-documents/:number/pdf', { params: { number }, auth: true }),
    `${number}.pdf`,
  );
}
