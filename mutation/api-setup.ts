/**
 * Set-up of the API test files under Stryker (mutation/vitest.config.ts, after Stryker's own set-up file):
 * per-test coverage for code run by a file's hooks. Stryker's Vitest runner counts a mutant reached outside
 * a test (a `beforeAll` that builds the app and signs a learner in) as "static", and runs every test of
 * every file for it: 10-20 s a mutant. A mutant reached in a file's hooks can change the outcome of that
 * file's tests only (each file has its own app and database), so here it is counted as covered by each test
 * of that file. Mutants reached while modules load stay static.
 */
import { afterAll, beforeAll, inject } from 'vitest';

interface Coverage {
  static: Record<string, number>;
  perTest: Record<string, Record<string, number>>;
}
interface Namespace {
  mutantCoverage?: Coverage;
}
interface TaskLike {
  type: string;
  name: string;
  suite?: TaskLike;
  file?: { filepath: string };
  tasks?: TaskLike[];
  result?: unknown;
}

const g = globalThis as unknown as Record<string, unknown>;
const ns = (g[inject('globalNamespace' as never) as string] ??= {}) as Namespace;

if (inject('mode' as never) === 'dry-run') {
  let loaded = new Set<string>();
  beforeAll(() => {
    // What the imports reached: truly static, needs the modules loaded afresh.
    loaded = new Set(Object.keys(ns.mutantCoverage?.static ?? {}));
  });
  afterAll((_context, suite) => {
    const cov = ns.mutantCoverage;
    if (!cov) return;
    const ids = testIds(suite as unknown as TaskLike);
    for (const [mutant, hits] of Object.entries(cov.static)) {
      if (loaded.has(mutant)) continue;
      for (const id of ids) {
        const per = (cov.perTest[id] ??= {});
        per[mutant] = (per[mutant] ?? 0) + hits;
      }
      // Stryker's cover helper holds this very object: change it in place.
      delete cov.static[mutant];
    }
  });
}

/** The ids Stryker gives the tests of a file (its stryker-setup.js: file path, '#', suite and test names). */
function testIds(suite: TaskLike): string[] {
  const out: string[] = [];
  const walk = (t: TaskLike) => {
    if (t.type === 'test') {
      const parts = [t.name];
      for (let s = t.suite; s; s = s.suite) parts.unshift(s.name);
      out.push(`${t.file?.filepath ?? 'unknown.js'}#${parts.join(' ').trim()}`);
    }
    t.tasks?.forEach(walk);
  };
  walk(suite);
  return out;
}
