import type { Receipt, Subscription } from '@rianroo/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/session';

/** Renewal off (`cancel`) or back on (`resume`): the subscription as it now is. */
export const setRenewal = (on: boolean) =>
  call<Subscription>(`/my-subscription/${on ? 'resume' : 'cancel'}`, { auth: true, method: 'POST' });

export const useMyReceipts = () =>
  useQuery({ queryKey: ['my-receipts'], queryFn: () => call<Receipt[]>('/my-receipts', { auth: true }) });
export const useReceipt = (number: string) =>
  useQuery({
    queryKey: ['my-receipts', number],
    queryFn: () => call<Receipt>(`/my-receipts/${encodeURIComponent(number)}`, { auth: true }),
    retry: false,
  });
