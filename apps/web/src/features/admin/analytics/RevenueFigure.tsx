import type { AnalyticsOverview } from '@rianroo/contract';
import { Alert } from '../../../components/ui/Card';
import { useAdminI18n } from '../i18n';
import { revenueTotals } from './analytics-format';
import { ChartFigure } from './ChartFigure';

/** Revenue of each plan in the span as horizontal bars (baht from satang), with the totals said in words. */
export function RevenueFigure({ revenue }: { revenue: AnalyticsOverview['revenue'] }) {
  const { t, lang, num, money } = useAdminI18n();
  const title = t('admin.analytics.revenueByPlan');
  if (revenue.length === 0)
    return (
      <section className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6" aria-label={title}>
        <h2 className="mb-2 text-lg font-semibold text-slate-900">{title}</h2>
        <Alert kind="info">{t('admin.analytics.noRevenue')}</Alert>
      </section>
    );
  const name = (r: (typeof revenue)[number]) => (lang === 'en' ? r.planNameEn : r.planName);
  const max = Math.max(1, ...revenue.map((r) => r.satang));
  const orders = revenue.reduce((n, r) => n + r.orders, 0);
  return (
    <ChartFigure
      title={title}
      summary={t('admin.analytics.revenueSummary', {
        total: revenueTotals(revenue)
          .map((x) => money(x.satang, x.currency))
          .join(', '),
        orders: num(orders),
      })}
      chart={
        <ul className="flex flex-col gap-3" aria-hidden="true">
          {revenue.map((r) => (
            <li key={r.planId} className="grid gap-1 sm:grid-cols-[12rem_1fr] sm:items-center sm:gap-3">
              <span className="text-sm text-slate-800">{name(r)}</span>
              <span className="flex items-center gap-2">
                <span
                  className="h-6 rounded bg-teal-700"
                  style={{ width: `${Math.max(1, (r.satang / max) * 75)}%` }}
                />
                <span className="text-sm whitespace-nowrap text-slate-800 tabular-nums">
                  {money(r.satang, r.currency)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      }
      table={{
        columns: [t('admin.analytics.plan'), t('admin.analytics.orders'), t('admin.analytics.revenue')],
        rows: revenue.map((r) => ({
          key: r.planId,
          cells: [name(r), num(r.orders), money(r.satang, r.currency)],
        })),
      }}
    />
  );
}
