import { useMemo } from 'react';
import uPlot from 'uplot';
import type { Lang } from '../../../../lib/i18n';
import { numberLocale } from '../../i18n';
import { daySeconds, formatDay } from '../analytics-format';
import type { ChartLine } from '../chart-lines';
import { axis, UPlotChart, type ChartOptions } from './UPlotChart';

const bars = uPlot.paths.bars!({ size: [0.6, 48] });

/** Counts per day (or per week's first day): lines, or bars when `asBars`. Days are UTC midnights. */
export default function DailyChart({
  days,
  lines,
  lang,
  asBars = false,
}: {
  days: string[];
  lines: ChartLine[];
  lang: Lang;
  asBars?: boolean;
}) {
  const data = useMemo<uPlot.AlignedData>(
    () => [days.map(daySeconds), ...lines.map((l) => l.values)],
    [days, lines],
  );
  const options = useMemo<ChartOptions>(() => {
    const count = new Intl.NumberFormat(numberLocale(lang), { maximumFractionDigits: 0 });
    return {
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      legend: { show: false },
      cursor: { y: false },
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
      axes: [
        axis((_u, splits) =>
          splits.map((s) => formatDay(new Date(s * 1000).toISOString().slice(0, 10), lang, 'short')),
        ),
        axis((_u, splits) => splits.map((s) => (Number.isInteger(s) ? count.format(s) : ''))),
      ],
      series: [
        {},
        ...lines.map((l) => ({
          label: l.label,
          stroke: l.color,
          width: 2,
          dash: l.dash,
          ...(asBars ? { paths: bars, fill: `${l.color}cc` } : { points: { show: days.length <= 31 } }),
        })),
      ],
    };
  }, [lines, lang, asBars, days.length]);
  return <UPlotChart options={options} data={data} />;
}
