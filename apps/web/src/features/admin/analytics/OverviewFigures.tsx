import type { AnalyticsOverview } from '@rianroo/contract';
import { lazy, useMemo } from 'react';
import { Alert } from '../../../components/ui/Card';
import { numberLocale, useAdminI18n } from '../i18n';
import { formatDay, overviewHasData, seriesStats } from './analytics-format';
import { ChartFigure } from './ChartFigure';
import { styledLines } from './chart-lines';
import { RevenueFigure } from './RevenueFigure';

const DailyChart = lazy(() => import('./charts/DailyChart'));

/** The overview's figures: totals, then sign-ups and activity, completions, weekly learners, revenue. */
export function OverviewFigures({ overview: o }: { overview: AnalyticsOverview }) {
  const { t, lang, num } = useAdminI18n();
  const day = (d: string | undefined) => (d ? formatDay(d, lang) : '–');
  const dayNames = useMemo(() => o.days.map((d) => d.day), [o.days]);
  const learners = useMemo(
    () =>
      styledLines([
        { label: t('admin.analytics.signUps'), values: o.days.map((d) => d.signUps) },
        { label: t('admin.analytics.active'), values: o.days.map((d) => d.activeLearners) },
      ]),
    [o.days, t],
  );
  const done = useMemo(
    () =>
      styledLines([
        { label: t('admin.analytics.completions'), values: o.days.map((d) => d.episodeCompletions) },
        { label: t('admin.analytics.certificates'), values: o.days.map((d) => d.certificates) },
      ]),
    [o.days, t],
  );
  const weekly = useMemo(
    () => styledLines([{ label: t('admin.analytics.active'), values: o.weeks.map((w) => w.activeLearners) }]),
    [o.weeks, t],
  );
  const weekNames = useMemo(() => o.weeks.map((w) => w.weekStart), [o.weeks]);
  if (!overviewHasData(o)) return <Alert kind="info">{t('admin.analytics.noData')}</Alert>;

  const signUps = seriesStats(learners[0]!.values);
  const active = seriesStats(learners[1]!.values);
  const completions = seriesStats(done[0]!.values);
  const certificates = seriesStats(done[1]!.values);
  const weeks = seriesStats(weekly[0]!.values);
  const dayRows = o.days.map((d) => ({
    key: d.day,
    cells: [
      day(d.day),
      num(d.signUps),
      num(d.activeLearners),
      num(d.episodeCompletions),
      num(d.certificates),
    ],
  }));
  const columns = [
    t('admin.analytics.day'),
    t('admin.analytics.signUps'),
    t('admin.analytics.active'),
    t('admin.analytics.completions'),
    t('admin.analytics.certificates'),
  ];
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[
          [t('admin.analytics.signUps'), num(signUps.total)],
          [t('admin.analytics.peakActive'), num(active.max)],
          [t('admin.analytics.completions'), num(completions.total)],
          [t('admin.analytics.certificates'), num(certificates.total)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-2xl border border-slate-200 bg-white p-4">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-2xl font-bold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <ChartFigure
        title={t('admin.analytics.learnersPerDay')}
        summary={t('admin.analytics.learnersSummary', {
          signUps: num(signUps.total),
          signUpsMax: num(signUps.max),
          signUpsDay: day(dayNames[signUps.maxAt]),
          activeAvg: new Intl.NumberFormat(numberLocale(lang), { maximumFractionDigits: 1 }).format(
            active.average,
          ),
          activeMax: num(active.max),
          activeDay: day(dayNames[active.maxAt]),
        })}
        legend={learners}
        chart={<DailyChart days={dayNames} lines={learners} lang={lang} />}
        table={{ columns, rows: dayRows }}
      />
      <ChartFigure
        title={t('admin.analytics.completionsPerDay')}
        summary={t('admin.analytics.completionsSummary', {
          completions: num(completions.total),
          completionsMax: num(completions.max),
          completionsDay: day(dayNames[completions.maxAt]),
          certificates: num(certificates.total),
        })}
        legend={done}
        chart={<DailyChart days={dayNames} lines={done} lang={lang} />}
        table={{ columns, rows: dayRows }}
      />
      <ChartFigure
        title={t('admin.analytics.perWeek')}
        summary={t('admin.analytics.weekSummary', {
          weeks: num(o.weeks.length),
          max: num(weeks.max),
          week: day(weekNames[weeks.maxAt]),
        })}
        chart={<DailyChart days={weekNames} lines={weekly} lang={lang} asBars />}
        table={{
          columns: [t('admin.analytics.week'), t('admin.analytics.active')],
          rows: o.weeks.map((w) => ({ key: w.weekStart, cells: [day(w.weekStart), num(w.activeLearners)] })),
        }}
      />
      <RevenueFigure revenue={o.revenue} />
    </div>
  );
}
