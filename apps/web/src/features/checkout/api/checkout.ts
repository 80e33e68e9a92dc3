import type { SandboxCardBody } from '@rianroo/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The checkout's calls (PRODUCT.md section 7): quote, order, the sandbox's payment page, the free trial. */

export const getQuote = (plan: string, cpc?: string) =>
  api('POST /api/checkout/quote', { body: { plan, ...(cpc ? { cpc } : {}) }, auth: true });
export const useQuote = (plan: string, cpc: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: ['quote', plan, cpc ?? ''],
    queryFn: () => getQuote(plan, cpc),
    enabled,
    retry: false,
  });

/** Opens the order; `autoRenew`: renew automatically by card (else pay once, by card or PromptPay, and be reminded). */
export const createOrder = (plan: string, cpc: string | undefined, autoRenew: boolean) =>
  api('POST /api/checkout/orders', { body: { plan, ...(cpc ? { cpc } : {}), autoRenew }, auth: true });

export const orderKey = (id: string) => ['order', id] as const;
/** One of my orders; asked again every 2 s while it waits for the provider's word. */
export const useOrder = (id: string) =>
  useQuery({
    queryKey: orderKey(id),
    queryFn: () => api('GET /api/checkout/orders/:id', { params: { id }, auth: true }),
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 2000 : false),
    retry: false,
  });

export const useSandboxPayment = (id: string) =>
  useQuery({
    queryKey: ['sandbox-payment', id],
    queryFn: () => api('GET /api/checkout/sandbox/:id', { params: { id }, auth: true }),
    retry: false,
  });
export const payByCard = (id: string, card: SandboxCardBody) =>
  api('POST /api/checkout/sandbox/:id/card', { params: { id }, body: card, auth: true });
export const payByPromptPay = (id: string) =>
  api('POST /api/checkout/sandbox/:id/promptpay', { params: { id }, auth: true });

export const startTrial = () => api('POST /api/free-trial', { auth: true });
