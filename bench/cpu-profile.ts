import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  /** Sampled milliseconds, idle included. */
  totalMs: number;
  /** Share of the busy time (idle left out), by where the code comes from. */
  areas: { area: string; percent: number }[];
  /** The functions that spent most time themselves (not in what they called), share of the busy time. */
  functions: { fn: string; where: string; percent: number }[];
}

/** The npm package of a file, or what else it is. */
function areaOf(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node internals';
  if (url.includes('/apps/api/')) return 'API code';
  return path.basename(url);
}

/**
 * Self time by function and by package of a `node --cpu-prof` profile. Functions of the bundled API
 * (dist/server.js) are named by their source file and line through the bundle's source map.
 */
export function summariseProfile(file: string, top = 15): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, k) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[k] ?? 0)));
  const maps = new Map<string, SourceMap | null>();
  const sourceOf = (url: string, line: number, column: number) => {
    if (!url.endsWith('dist/server.js')) return undefined;
    if (!maps.has(url)) {
      const mapFile = `${url.replace(/^file:\/\//, '')}.map`;
      maps.set(url, existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8'))) : null);
    }
    const entry = maps.get(url)?.findEntry(line, column) as
      { originalSource?: string; originalLine?: number } | undefined;
    return entry?.originalSource
      ? `${entry.originalSource.replace(/^.*?(apps|packages)\//, '$1/')}:${(entry.originalLine ?? 0) + 1}`
      : undefined;
  };
  let total = 0;
  let idle = 0;
  const byFn = new Map<string, { fn: string; where: string; us: number }>();
  const byArea = new Map<string, number>();
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    if (!us) continue;
    total += us;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    if (functionName === '(idle)') {
      idle += us;
      continue;
    }
    const fn = functionName || '(anonymous)';
    const where =
      sourceOf(url, lineNumber, columnNumber) ??
      (url
        ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/work\/main\//, '')}:${lineNumber + 1}`
        : '');
    const key = `${fn} ${where}`;
    const f = byFn.get(key) ?? { fn, where, us: 0 };
    f.us += us;
    byFn.set(key, f);
    const area = areaOf(url, functionName);
    byArea.set(area, (byArea.get(area) ?? 0) + us);
  }
  const busy = Math.max(1, total - idle);
  const pct = (us: number) => Number(((100 * us) / busy).toFixed(1));
  return {
    totalMs: Math.round(total / 1000),
    areas: [...byArea]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([area, us]) => ({ area, percent: pct(us) })),
    functions: [...byFn.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map((f) => ({ fn: f.fn, where: f.where, percent: pct(f.us) })),
  };
}
