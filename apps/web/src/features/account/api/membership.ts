import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Renewal off (`cancel`) or back on (`resume`): the subscription as it now is. */
export const setRenewal = (on: boolean) =>
  on
    ? api('POST /api/my-subscription/resume', { auth: true })
    : api('POST /api/my-subscription/cancel', { auth: true });

export const useMyReceipts = () =>
  useQuery({ queryKey: ['my-receipts'], queryFn: () => api('GET /api/my-receipts', { auth: true }) });
export const useReceipt = (number: string) =>
  useQuery({
    queryKey: ['my-receipts', number],
    queryFn: () => api('GET /api/my-receipts/:number', { params: { number }, auth: true }),
    retry: false,
  });
