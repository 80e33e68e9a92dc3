import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type Reporter, type TestModule, type TestSpecification } from 'vitest/node';
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

interface TaskLike {
  type: string;
  mode: string;
  tasks?: TaskLike[];
  result?: { state?: string; errors?: unknown[] };
}

/**
 * A file whose own `beforeAll` failed (a mutant that stops the app from starting) has every test skipped,
 * and Stryker's Vitest runner looks for the failure only in a test's describe blocks, not in its file: such a
 * mutant would count as surviving. This reporter (in the main process, before Stryker reads the results)
 * marks the tests of that file failed, with the set-up's error.
 */
class SetUpFailures implements Reporter {
  onTestModuleEnd(testModule: TestModule) {
    const file = testModule.task as unknown as TaskLike;
    const errors = file.result?.errors;
    if (file.result?.state !== 'fail' || !errors?.length) return;
    const tests: TaskLike[] = [];
    const walk = (t: TaskLike) => (t.type === 'test' ? tests.push(t) : t.tasks?.forEach(walk));
    file.tasks?.forEach(walk);
    if (!tests.length || tests.some((t) => t.result?.state !== 'skip')) return;
    for (const t of tests) {
      t.mode = 'run';
      t.result = { ...t.result, state: 'fail', errors };
    }
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
          reporters: ['default', new SetUpFailures()],
          sequence: { sequencer: ListedOrder },
          // As apps/api/vitest.config.ts: a test starting two apps on a loaded machine took over 30 s.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
);
