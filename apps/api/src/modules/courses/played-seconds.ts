/**
 * The played ranges of a save as whole seconds: each end rounded to the nearest second, empty ones dropped,
 * in order, overlapping and touching ones joined (PostgreSQL joins them too; this keeps the text short).
 */
export function wholeSeconds(ranges: readonly (readonly [number, number])[]): [number, number][] {
  const rounded = ranges
    .map(([from, to]) => [Math.round(from), Math.round(to)] as [number, number])
    .filter(([from, to]) => to > from)
    .sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [from, to] of rounded) {
    const last = out[out.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}
