import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const hasBrowser = existsSync(chromium);
if (!hasBrowser) {
  const msg = `\n${'*'.repeat(78)}\n*** Chromium not found at ${chromium}: browser tests are SKIPPED.\n*** Install it with: apt-get install -y chromium (or set CHROMIUM_PATH).\n${'*'.repeat(78)}\n`;
  if (process.env.E2E_REQUIRED === '1') throw new Error(msg);
  console.warn(msg);
}
const port = Number(process.env.E2E_PORT ?? 3411);
// Two files at a time (E2E_WORKERS): most of a browser test is waiting (for the page, the video, the mail), so
// on two cores two workers keep them busy. Each file still runs in order in one worker; what a test makes
// (learners, devices, e-mail addresses) carries its worker's index (fixtures.ts), so the two never meet.
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: hasBrowser
    ? {
        command: 'npx tsx e2e/server.ts',
        cwd: '..',
        url: `http://127.0.0.1:${port}/api/ready`,
        timeout: 300_000,
        reuseExistingServer: false,
        stdout: 'pipe',
        gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
      }
    : undefined,
});
