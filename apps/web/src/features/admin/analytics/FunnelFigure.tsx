import type { CourseFunnel } from '@rianroo/contract';
import { Alert } from '../../../components/ui/Card';
import { useAdminI18n } from '../i18n';
import { formatShare, funnelRows } from './analytics-format';
import { ChartFigure } from './ChartFigure';

/** A course's funnel as bars, each step's share of those who started beside it. */
export function FunnelFigure({ funnel }: { funnel: CourseFunnel }) {
  const { t, lang, num } = useAdminI18n();
  const rows = funnelRows(funnel.steps);
  const share = (s: number | null) => (s === null ? '–' : formatShare(s, lang));
  const label = (r: (typeof rows)[number]) =>
    t(`admin.analytics.step.${r.step.kind}`, { title: r.step.title });
  const started = rows.find((r) => r.step.kind === 'started');
  if (!started || started.step.learners === 0)
    return <Alert kind="info">{t('admin.analytics.noStarts')}</Alert>;
  const lastEpisode = rows.filter((r) => r.step.kind === 'episode').at(-1);
  const certified = rows.find((r) => r.step.kind === 'certificate');
  return (
    <ChartFigure
      title={t('admin.analytics.funnel')}
      lead={t('admin.analytics.funnelLead')}
      summary={t('admin.analytics.funnelSummary', {
        started: num(started.step.learners),
        lastEpisode: num(lastEpisode?.step.learners ?? 0),
        lastShare: share(lastEpisode?.ofStarted ?? null),
        certified: num(certified?.step.learners ?? 0),
        certifiedShare: share(certified?.ofStarted ?? null),
      })}
      chart={
        <ol className="flex flex-col gap-2" aria-hidden="true">
          {rows.map((r, i) => (
            <li
              key={`${r.step.kind}-${r.step.id ?? i}`}
              className="grid gap-1 sm:grid-cols-[minmax(0,16rem)_1fr] sm:items-center sm:gap-3"
            >
              <span className="truncate text-sm text-slate-800">{label(r)}</span>
              <span className="flex items-center gap-2">
                <span
                  className="h-6 rounded bg-teal-700"
                  style={{ width: `${Math.max(0.5, (r.ofStarted ?? 0) * 75)}%` }}
                />
                <span className="text-sm whitespace-nowrap text-slate-800 tabular-nums">
                  {num(r.step.learners)} · {share(r.ofStarted)}
                </span>
              </span>
            </li>
          ))}
        </ol>
      }
      table={{
        columns: [
          t('admin.analytics.step'),
          t('admin.analytics.learners'),
          t('admin.analytics.ofStarted'),
          t('admin.analytics.ofPrevious'),
        ],
        rows: rows.map((r, i) => ({
          key: `${r.step.kind}-${r.step.id ?? i}`,
          cells: [label(r), num(r.step.learners), share(r.ofStarted), share(r.ofPrevious)],
        })),
      }}
    />
  );
}
