import { Suspense, useId, type ReactNode } from 'react';
import { Spinner } from '../../../components/ui/Spinner';
import { useAdminI18n } from '../i18n';
import type { ChartLine } from './chart-lines';

export interface FigureTable {
  columns: string[];
  rows: { key: string; cells: ReactNode[] }[];
  /** Said after the title in the table's caption, e.g. how often rows are taken. */
  note?: string;
}

/**
 * A chart with what a screen reader (or anyone) needs instead of the picture: a text summary always shown, a
 * legend in text, and the chart's numbers as a table behind a disclosure that opens with the keyboard.
 */
export function ChartFigure({
  title,
  lead,
  summary,
  legend,
  chart,
  table,
}: {
  title: string;
  lead?: string;
  summary: ReactNode;
  legend?: ChartLine[];
  chart: ReactNode;
  table: FigureTable;
}) {
  const { t } = useAdminI18n();
  const heading = useId();
  return (
    <section
      aria-labelledby={heading}
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={heading} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {lead && <p className="mt-1 text-sm text-slate-600">{lead}</p>}
      <p className="mt-2 text-slate-800" data-testid="chart-summary">
        {summary}
      </p>
      {legend && legend.length > 1 && (
        <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700" aria-hidden="true">
          {legend.map((l) => (
            <li key={l.label} className="flex items-center gap-2">
              <svg width="28" height="8" aria-hidden="true">
                <line
                  x1="0"
                  y1="4"
                  x2="28"
                  y2="4"
                  stroke={l.color}
                  strokeWidth="3"
                  strokeDasharray={l.dash?.join(' ')}
                />
              </svg>
              {l.label}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3">
        <Suspense fallback={<Spinner label={t('admin.analytics.loading')} />}>{chart}</Suspense>
      </div>
      <details className="mt-3">
        <summary className="inline-flex min-h-11 cursor-pointer items-center rounded px-1 font-medium text-teal-800 focus-visible:outline-3 focus-visible:outline-teal-600">
          {t('admin.analytics.showTable')}
        </summary>
        <div
          className="mt-2 max-h-96 overflow-auto rounded-lg border border-slate-200"
          tabIndex={0}
          role="region"
          aria-label={title}
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{table.note ? `${title} (${table.note})` : title}</caption>
            <thead className="sticky top-0 bg-slate-50 text-slate-700">
              <tr>
                {table.columns.map((c) => (
                  <th key={c} scope="col" className="px-3 py-2 font-semibold">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((r) => (
                <tr key={r.key} className="border-t border-slate-100">
                  {r.cells.map((c, i) =>
                    i === 0 ? (
                      <th key={i} scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap">
                        {c}
                      </th>
                    ) : (
                      <td key={i} className="px-3 py-1.5 tabular-nums">
                        {c}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
