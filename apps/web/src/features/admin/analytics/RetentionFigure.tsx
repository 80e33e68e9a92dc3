import type { RetentionCurve } from '@rianroo/contract';
import { lazy, useId } from 'react';
import { Alert } from '../../../components/ui/Card';
import { clock } from '../../../lib/format';
import { useAdminI18n } from '../i18n';
import { formatShare, retentionMarks, retentionTable } from './analytics-format';
import { ChartFigure } from './ChartFigure';

const RetentionChart = lazy(() => import('./charts/RetentionChart'));

/** An episode's retention curve, its summary in words, its steep drops listed, and its numbers as a table. */
export function RetentionFigure({ curve }: { curve: RetentionCurve }) {
  const { t, lang, num } = useAdminI18n();
  const dropsHeading = useId();
  if (curve.viewers === 0) return <Alert kind="info">{t('admin.analytics.noViewers')}</Alert>;
  const share = (s: number) => formatShare(s, lang);
  const marks = retentionMarks(curve)
    .map((m) => t('admin.analytics.mark', { share: share(m.share), at: clock(m.second) }))
    .join(', ');
  const { step, points } = retentionTable(curve);
  return (
    <div className="flex flex-col gap-5">
      <ChartFigure
        title={t('admin.analytics.retention')}
        lead={t('admin.analytics.retentionLead')}
        summary={t('admin.analytics.retentionSummary', {
          viewers: num(curve.viewers),
          duration: clock(curve.durationSeconds),
          marks,
        })}
        chart={<RetentionChart share={curve.share} drops={curve.drops} lang={lang} />}
        table={{
          columns: [t('admin.analytics.second'), t('admin.analytics.viewers'), t('admin.analytics.share')],
          note: t('admin.analytics.tableEvery', { step: num(step) }),
          rows: points.map((p) => ({
            key: String(p.second),
            cells: [clock(p.second), num(p.viewers), share(p.share)],
          })),
        }}
      />
      <section
        aria-labelledby={dropsHeading}
        className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
      >
        <h2 id={dropsHeading} className="mb-2 text-lg font-semibold text-slate-900">
          {t('admin.analytics.drops')}
        </h2>
        {curve.drops.length === 0 ? (
          <p className="text-slate-700">{t('admin.analytics.noDrops')}</p>
        ) : (
          <ul className="list-disc pl-6 text-slate-800">
            {curve.drops.map((d) => (
              <li key={d.from}>
                {t('admin.analytics.drop', {
                  from: clock(d.from),
                  to: clock(d.to),
                  before: share(d.shareBefore),
                  after: share(d.shareAfter),
                })}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
