/** One line (or set of bars) of a chart; drawn by the chart and named in the figure's legend. */
export interface ChartLine {
  label: string;
  values: number[];
  color: string;
  /** Dashes, so lines differ by more than colour. */
  dash?: number[];
}

/** Colours with at least 4.5:1 contrast on white, each with its own dash pattern. */
export const LINE_STYLES = [
  { color: '#0f766e' },
  { color: '#1d4ed8', dash: [8, 4] },
  { color: '#b45309', dash: [2, 3] },
  { color: '#be123c', dash: [10, 3, 2, 3] },
] as const;

export const styledLines = (lines: { label: string; values: number[] }[]): ChartLine[] =>
  lines.map((l, i) => {
    const style: { color: string; dash?: readonly number[] } = LINE_STYLES[i % LINE_STYLES.length]!;
    return { ...l, color: style.color, dash: style.dash ? [...style.dash] : undefined };
  });
