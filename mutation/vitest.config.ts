import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
// @ts-expect-error plain JavaScript module shared with the Stryker config
import { moduleNamed } from './modules.mjs';

/** The tests of one mutated module (MUTATION_MODULE), set up as their project sets them up. */
const m = moduleNamed(process.env.MUTATION_MODULE ?? '') as { project: 'api' | 'web'; tests: string[] };

/**
 * The files in the order the module lists them (the quick unit tests first): Stryker stops a mutant's run at
 * its first failing test, so a mutant those kill costs no app start. Vitest's own order puts slow files first.
 */
class ListedOrder extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const rank = (f: TestSpecification) =>
      m.tests.findIndex((t) => path.resolve(t) === path.resolve(f.moduleId));
    return [...files].sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig(
  m.project === 'web'
    ? {
        plugins: [react()],
        test: {
          environment: 'jsdom',
          include: m.tests,
          setupFiles: ['apps/web/src/test-setup.ts'],
          testTimeout: 20_000,
        },
      }
    : {
        test: {
          environment: 'node',
          include: m.tests,
          globalSetup: ['apps/api/test/global-setup.ts'],
          // Per-test coverage for what the files' hooks reach: mutation/api-setup.ts.
          setupFiles: ['mutation/api-setup.ts'],
          sequence: { sequencer: ListedOrder },
          // As apps/api/vitest.config.ts: a test starting two apps on a loaded machine took over 30 s.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
);
