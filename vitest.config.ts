import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['apps/api', 'apps/web'],
    // Vitest's default is one worker fewer than the cores: one test file at a time on the 2-core CI machine,
    // while an API test file spends much of its time waiting on PostgreSQL. Two at once: the whole Vitest suite
    // in 7 min 24 s there on 2026-11-28 (three: 6 min 54 s, at a higher load); each file has its own database
    // and ports, so files never share state.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
