import { moduleNamed } from './modules.mjs';

/** Run through `npm run mutation [module…]` (scripts/mutation.mjs), which sets MUTATION_MODULE. */
const name = process.env.MUTATION_MODULE ?? '';
const m = moduleNamed(name);
// `npm run mutation -- --changed` mutates part of a module: its reports (and incremental file) go apart.
const report = process.env.MUTATION_REPORT ?? name;

export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'mutation/vitest.config.ts', related: false },
  mutate: m.mutate,
  // The API tests share one PostgreSQL per run; two at once would only fight over the two cores.
  concurrency: m.project === 'api' ? 1 : 2,
  coverageAnalysis: 'perTest',
  timeoutMS: 60_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${report}.html` },
  jsonReporter: { fileName: `reports/mutation/${report}.json` },
  // A second run after new tests retests only the mutants those tests cover (or whose code changed).
  incremental: true,
  incrementalFile: `reports/mutation/${report}.incremental.json`,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  ignorePatterns: [
    '.data',
    'apps/cms',
    'bench',
    'e2e',
    'docs',
    'reports',
    'dist',
    'coverage',
    // Playwright's output, written while other tests run.
    'test-results',
    'playwright-report',
  ],
  thresholds: { high: 90, low: 80, break: null },
};
