import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export type ChartOptions = Omit<uPlot.Options, 'width' | 'height'>;

/**
 * Draws one uPlot chart as wide as its box, redrawn when the box is resized (phones, a turned screen). It is
 * a picture for sighted users: hidden from screen readers, who get the figure's summary and data table.
 */
export function UPlotChart({
  options,
  data,
  height = 240,
}: {
  options: ChartOptions;
  data: uPlot.AlignedData;
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current!;
    const chart = new uPlot({ ...options, width: el.clientWidth, height }, data, el);
    const resized = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height }));
    resized.observe(el);
    return () => {
      resized.disconnect();
      chart.destroy();
    };
  }, [options, data, height]);
  return <div ref={box} aria-hidden="true" className="w-full min-w-0 overflow-hidden" />;
}

/** Axis colours and fonts of the console (slate text, light grid). */
export const axis = (values: uPlot.Axis['values'], extra: Partial<uPlot.Axis> = {}): uPlot.Axis => ({
  values,
  stroke: '#334155',
  font: '12px Sarabun, system-ui, sans-serif',
  grid: { stroke: '#e2e8f0', width: 1 },
  ticks: { stroke: '#cbd5e1', width: 1 },
  ...extra,
});
