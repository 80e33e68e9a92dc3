import type { OrgCompletions } from '@rianroo/contract';
import { useId } from 'react';
import { useOrgI18n } from '../i18n/use-org-i18n';

const H = 120;

/**
 * Completions per month as bars (an SVG drawn to the box's width), with the same figures in a table for screen
 * readers: the picture is hidden from them, the table from sight.
 */
export function CompletionChart({ months }: { months: OrgCompletions }) {
  const { t, lang, num } = useOrgI18n();
  const caption = useId();
  const max = Math.max(1, ...months.map((m) => m.completions));
  const label = (month: string) =>
    new Date(`${month}-01T00:00:00Z`).toLocaleDateString(lang === 'th' ? 'th-TH' : 'en-GB', {
      month: 'short',
      timeZone: 'UTC',
    });
  const w = 100 / Math.max(1, months.length);
  return (
    <figure aria-labelledby={caption} className="flex flex-col gap-2">
      <figcaption id={caption} className="text-sm font-medium text-slate-800">
        {t('org.overview.chart')}
      </figcaption>
      {months.every((m) => m.completions === 0) && (
        <p className="text-sm text-slate-600">{t('org.overview.chartEmpty')}</p>
      )}
      <svg
        viewBox={`0 0 100 ${H + 14}`}
        preserveAspectRatio="none"
        className="h-40 w-full"
        aria-hidden="true"
      >
        {months.map((m, i) => {
          const h = (m.completions / max) * (H - 10);
          return (
            <g key={m.month}>
              <rect x={i * w + w * 0.15} y={H - h} width={w * 0.7} height={h} className="fill-teal-600" />
              <text
                x={i * w + w / 2}
                y={H + 10}
                textAnchor="middle"
                fontSize="3.5"
                className="fill-slate-600"
              >
                {label(m.month)}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{label(m.month)}</th>
              <td>{t('org.overview.bar', { month: label(m.month), n: num(m.completions) })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
