import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
// @ts-expect-error plain JavaScript module shared with the Stryker config
import { moduleNamed } from './modules.mjs';

/** The tests of one mutated module (MUTATION_MODULE), set up as their project sets them up. */
const m = moduleNamed(process.env.MUTATION_MODULE ?? '') as { project: 'api' | 'web'; tests: string[] };

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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
);
