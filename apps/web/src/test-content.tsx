import type { CourseSummary, Plan, Subscription } from '@rianroo/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { I18nProvider } from './lib/i18n';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Test helper: a browser whose API names the built-in content service (`/cms`) and whose content service
 * answers `answers[path]` (a missing path is a 404); `api[path]` answers `/api/<path>`. Returns the fetch mock.
 */
export function stubContentService(answers: Record<string, unknown>, api: Record<string, unknown> = {}) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url === '/api/public-config') {
      return json({
        googleClientId: null,
        chatUrl: 'https://m.me/x',
        contentUrl: '/cms',
        contentToken: 'read',
      });
    }
    if (url.startsWith('/api/')) {
      const path = url.slice('/api/'.length);
      return path in api ? json(api[path]) : json({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }, 404);
    }
    const path = url.replace(/^\/cms\/api\//, '');
    return path in answers ? json(answers[path]) : json({ data: null, error: { status: 404 } }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The app's providers around a screen under test, at `path`. */
export function withApp(node: ReactNode, path = '/') {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider>
        <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>
  );
}

/** A published course as the API answers it; tests name only what they need. */
export function courseFixture(
  c: Partial<CourseSummary> & Pick<CourseSummary, 'id' | 'slug' | 'title'>,
): CourseSummary {
  return {
    subtitle: '',
    description: '',
    coverImage: null,
    level: 'beginner',
    language: 'th',
    free: false,
    publishedAt: null,
    episodeCount: 1,
    totalDurationSeconds: 600,
    ...c,
  };
}

const PLAN_FIXTURES = {
  trial: {
    nameTh: 'ทดลองเรียนฟรี 7 วัน',
    nameEn: '7-day free trial',
    interval: 'trial',
    intervalCount: 7,
    priceSatang: 0,
  },
  monthly: { nameTh: 'รายเดือน', nameEn: 'Monthly', interval: 'month', intervalCount: 1, priceSatang: 29_900 },
  annual: { nameTh: 'รายปี', nameEn: 'Annual', interval: 'year', intervalCount: 1, priceSatang: 299_000 },
} as const;

/** A plan as `GET /plans` answers it: the seeded trial, monthly (฿299) or annual (฿2,990). */
export const planFixture = (code: keyof typeof PLAN_FIXTURES): Plan => ({
  code,
  ...PLAN_FIXTURES[code],
  currency: 'THB',
});

/** A subscription as `GET /my-subscription` answers it: annual, active, giving access; tests change what they need. */
export const subscriptionFixture = (over: Partial<Subscription> = {}): Subscription => ({
  id: '0190b2a4-7d3e-7c51-9a2b-1f4e5d6c7b8a',
  plan: planFixture('annual'),
  status: 'active',
  currentPeriodStart: '2026-01-01T00:00:00.000Z',
  currentPeriodEnd: '2027-01-15T00:00:00.000Z',
  autoRenew: true,
  provider: 'sandbox',
  givesAccess: true,
  renewal: 'reminder',
  renewsAt: null,
  renewalAmountSatang: null,
  card: null,
  paymentFailed: false,
  graceUntil: null,
  nextAttemptAt: null,
  ...over,
});
