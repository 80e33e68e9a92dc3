import type { RetentionDrop } from '@rianroo/contract';
import { useMemo } from 'react';
import type uPlot from 'uplot';
import { clock } from '../../../../lib/format';
import type { Lang } from '../../../../lib/i18n';
import { formatShare } from '../analytics-format';
import { axis, UPlotChart, type ChartOptions } from './UPlotChart';

const LINE = '#0f766e';
const DROP = 'rgba(225, 29, 72, 0.16)';
const DROP_EDGE = '#be123c';

/** Shades the steep drops behind the curve and edges them in red. */
const markDrops = (drops: readonly RetentionDrop[]) => (u: uPlot) => {
  const { ctx } = u;
  const { top, height } = u.bbox;
  ctx.save();
  for (const d of drops) {
    const x0 = u.valToPos(d.from, 'x', true);
    const x1 = u.valToPos(d.to, 'x', true);
    ctx.fillStyle = DROP;
    ctx.fillRect(x0, top, Math.max(2, x1 - x0), height);
    ctx.fillStyle = DROP_EDGE;
    ctx.fillRect(x0, top, 2, height);
  }
  ctx.restore();
};

/** An episode's retention: the share still watching (0 to 100%) at each second, steep drops shaded. */
export default function RetentionChart({
  share,
  drops,
  lang,
}: {
  share: number[];
  drops: RetentionDrop[];
  lang: Lang;
}) {
  const data = useMemo<uPlot.AlignedData>(() => [share.map((_, s) => s), share], [share]);
  const options = useMemo<ChartOptions>(
    () => ({
      legend: { show: false },
      cursor: { y: false },
      scales: { x: { time: false }, y: { range: [0, 1] } },
      axes: [
        axis((_u, splits) => splits.map((s) => (Number.isInteger(s) ? clock(s) : ''))),
        axis((_u, splits) => splits.map((s) => formatShare(s, lang)), { size: 56 }),
      ],
      series: [{}, { stroke: LINE, width: 2, fill: 'rgba(15, 118, 110, 0.12)', points: { show: false } }],
      hooks: { drawAxes: [markDrops(drops)] },
    }),
    [drops, lang],
  );
  return <UPlotChart options={options} data={data} height={260} />;
}
