import { RetryAlert } from '../../../components/RetryAlert';
import { Card } from '../../../components/ui/Card';
import { PageLoading } from '../../../components/ui/Spinner';
import { useCompletions, useOverview } from '../api/org-api';
import { CompletionChart } from '../components/CompletionChart';
import { ExportButtons } from '../components/ExportButtons';
import { useOrgI18n } from '../i18n/use-org-i18n';

/** The console's front page: headline figures, completions over time, the report's downloads. */
export default function OverviewPage({ orgId }: { orgId: string }) {
  const { t, siteT, num, date } = useOrgI18n();
  const overview = useOverview(orgId);
  const completions = useCompletions(orgId);
  if (overview.isPending) return <PageLoading label={siteT('common.loading')} />;
  if (overview.isError) return <RetryAlert error={overview.error} onRetry={() => void overview.refetch()} />;
  const pool = overview.data.seatPool;
  const figures = [
    [t('org.overview.members'), overview.data.members],
    [t('org.overview.managers'), overview.data.managers],
  ] as const;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold wrap-anywhere text-slate-900">{overview.data.name}</h1>
      <dl className="grid grid-cols-2 gap-3">
        {figures.map(([label, n]) => (
          <div key={label} className="rounded-2xl border border-slate-200 bg-white p-4">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-2xl font-semibold text-slate-900">{num(n)}</dd>
          </div>
        ))}
      </dl>
      {pool && (
        <Card title={t('org.seats.title')}>
          <p className="text-slate-900" data-testid="org-seats">
            {t('org.seats.held', { taken: num(pool.taken), seats: num(pool.seats), plan: pool.planName })}
          </p>
          <p className="mt-1 text-sm text-slate-600">{t('org.seats.until', { date: date(pool.endsAt) })}</p>
          {pool.waiting > 0 && (
            <p className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              {t('org.seats.waiting', { n: num(pool.waiting) })}
            </p>
          )}
        </Card>
      )}
      <Card>
        {completions.isPending ? (
          <PageLoading label={siteT('common.loading')} />
        ) : completions.isError ? (
          <RetryAlert error={completions.error} onRetry={() => void completions.refetch()} />
        ) : (
          <CompletionChart months={completions.data} />
        )}
      </Card>
      <Card title={t('org.export.title')}>
        <ExportButtons orgId={orgId} />
      </Card>
    </div>
  );
}
