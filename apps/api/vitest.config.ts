import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Above the 30 s the mail waits allow (mail-helpers.ts, smtp-peer.ts): a slow CI machine fails on the wait, named.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
