import { defineConfig } from '@playwright/test';
import { chromiumPath as chromium, hasBrowser } from './browser';

if (!hasBrowser) {
  const msg = `\n${'*'.repeat(78)}\n*** Chromium not found at ${chromium}: browser tests are SKIPPED.\n*** Install it with: apt-get install -y chromium-headless-shell (or chromium, or set CHROMIUM_PATH).\n${'*'.repeat(78)}\n`;
  if (process.env.E2E_REQUIRED === '1') throw new Error(msg);
  console.warn(msg);
}
const port = Number(process.env.E2E_PORT ?? 3411);
// One file at a time by default: on the 2-core machine two workers took as long (20.2 against 20.4 minutes,
// 2026-11-28), the browser and the server already keeping both cores busy. E2E_WORKERS=N runs N files at once on
// a larger machine; each file still runs in order in one worker, and what a test makes (learners, devices,
// e-mail addresses) carries its worker's index (fixtures.ts), so two never meet.
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 1) || 1);

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
    // The production build registers a service worker (apps/web/pwa.config.ts). Other specs intercept requests
    // with page.route, which a worker's answers bypass, and would precache the app in every fresh context:
    // the worker's own behaviour is tested in pwa.spec.ts, which allows it.
    serviceWorkers: 'block',
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
