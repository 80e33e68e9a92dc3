import type {
  CheckoutStarted,
  FreeTrialStatus,
  Order,
  Quote,
  SandboxCardBody,
  SandboxPayment,
} from '@rianroo/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/session';

/** The checkout's calls (PRODUCT.md section 7): quote, order, the sandbox's payment page, the free trial. */

export const getQuote = (plan: string, cpc?: string) =>
  call<Quote>('/checkout/quote', { auth: true, body: { plan, ...(cpc ? { cpc } : {}) } });
export const useQuote = (plan: string, cpc: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: ['quote', plan, cpc ?? ''],
    queryFn: () => getQuote(plan, cpc),
    enabled,
    retry: false,
  });

export const createOrder = (plan: string, cpc?: string) =>
  call<CheckoutStarted>('/checkout/orders', { auth: true, body: { plan, ...(cpc ? { cpc } : {}) } });

export const orderKey = (id: string) => ['order', id] as const;
/** One of my orders; asked again every 2 s while it waits for the provider's word. */
export const useOrder = (id: string) =>
  useQuery({
    queryKey: orderKey(id),
    queryFn: () => call<Order>(`/checkout/orders/${encodeURIComponent(id)}`, { auth: true }),
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 2000 : false),
    retry: false,
  });

export const useSandboxPayment = (id: string) =>
  useQuery({
    queryKey: ['sandbox-payment', id],
    queryFn: () => call<SandboxPayment>(`/checkout/sandbox/${encodeURIComponent(id)}`, { auth: true }),
    retry: false,
  });
export const payByCard = (id: string, card: SandboxCardBody) =>
  call<Order>(`/checkout/sandbox/${encodeURIComponent(id)}/card`, { auth: true, body: card });
export const payByPromptPay = (id: string) =>
  call<Order>(`/checkout/sandbox/${encodeURIComponent(id)}/promptpay`, { auth: true, method: 'POST' });

export const startTrial = () => call<FreeTrialStatus>('/free-trial', { auth: true, method: 'POST' });
