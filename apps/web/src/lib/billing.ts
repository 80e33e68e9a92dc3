import type { Plan, SandboxCardBody } from '@rianroo/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import type { Lang } from './i18n';
import { useLoggedIn } from './use-session';

/** Plans and the learner's subscription, shared by the checkout, offers, account and announcement bar. */

/** `GET /plans` (public): the plans on sale, with their prices. */
export const getPlans = () => api('GET /api/plans');
export const usePlans = () => useQuery({ queryKey: ['plans'], queryFn: getPlans, staleTime: 5 * 60_000 });

export const mySubscriptionKey = ['my-subscription'] as const;
/** `GET /my-subscription`: the current subscription or null (spec: a failure answers null too). */
export const getMySubscription = () => api('GET /api/my-subscription', { auth: true });
/** Only asked when logged in; `data` is undefined for a visitor. */
export function useMySubscription() {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: mySubscriptionKey,
    queryFn: () => getMySubscription().catch(() => null),
    enabled: loggedIn,
    staleTime: 60_000,
  });
}

/** `POST /my-subscription/card-session`: where to update the card automatic renewal charges. */
export const startCardSession = () => api('POST /api/my-subscription/card-session', { auth: true });
/** `PUT /my-subscription/card` (sandbox): saves a test card; a failed renewal is charged again at once (402 when declined). */
export const saveTestCard = (card: SandboxCardBody) =>
  api('PUT /api/my-subscription/card', { body: card, auth: true });

/** Goes where a payment or card session answered: a provider's page (an absolute URL) or one of this site's paths. */
export function goTo(url: string, navigate: (path: string) => void) {
  if (/^https?:\/\//.test(url)) window.location.assign(url);
  else navigate(url);
}

/** A price in baht from satang: "฿2,990" / "฿299.50" (the baht sign in English too, not "THB"). */
export function formatBaht(satang: number, lang: Lang): string {
  return new Intl.NumberFormat(lang === 'th' ? 'th-TH' : 'en-GB', {
    style: 'currency',
    currency: 'THB',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: satang % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(satang / 100);
}

export const planName = (plan: Pick<Plan, 'nameTh' | 'nameEn'>, lang: Lang) =>
  lang === 'th' ? plan.nameTh : plan.nameEn;

export const freeTrialKey = ['free-trial'] as const;
/** `GET /free-trial`: may I start the trial, is it running, until when (only asked when logged in). */
export function useFreeTrial() {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: freeTrialKey,
    queryFn: () => api('GET /api/free-trial', { auth: true }),
    enabled: loggedIn,
    staleTime: 60_000,
  });
}

/** What an annual plan saves against twelve months of the monthly one, in whole percent (0: nothing). */
export const annualSaving = (plan: Plan, monthly: Plan | undefined) =>
  plan.interval === 'year' && monthly && monthly.priceSatang > 0
    ? Math.max(0, Math.round((1 - plan.priceSatang / (monthly.priceSatang * 12)) * 100))
    : 0;
