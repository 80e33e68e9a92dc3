// First visit on a slow Thai mobile connection (issue 14): Chromium's network throttling at 800 ms round trip
// and 50 KB/s, cache empty; first contentful paint, the moment the page shows what it is for (the catalogue's
// first course with its search form; a course page's title and episodes), and the moment the app has taken over.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchChromium, startPlatform } from './platform.js';

const PROFILE = { latency: 800, downloadThroughput: 50 * 1024, uploadThroughput: 50 * 1024 };
const RUNS = 3;

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;

/** The demo's stock course, whose page a shared link opens. */
const COURSE_PAGE = '/courses/stock-investing-basics';

async function once(browser: Browser, base: string, path: string, shown: string) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...PROFILE });
    let bytes = 0;
    let requests = 0;
    cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => {
      bytes += e.encodedDataLength;
      requests++;
    });
    await page.goto(`${base}${path}`, { waitUntil: 'commit', timeout: 60_000 });
    await page.locator(shown).first().waitFor({ timeout: 60_000 });
    const usableMs = await page.evaluate(() => performance.now());
    // The app has taken over: the server's drawing (which stayed on screen meanwhile) is gone.
    await page.locator('.boot-page').waitFor({ state: 'detached', timeout: 60_000 });
    const appMs = await page.evaluate(() => performance.now());
    // Painted long before the first course shows.
    const fcpMs = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    );
    return {
      fcpMs: Math.round(fcpMs),
      usableMs: Math.round(usableMs),
      appMs: Math.round(appMs),
      kb: Math.round(bytes / 1024),
      requests,
    };
  } finally {
    await context.close();
  }
}

async function medians(browser: Browser, base: string, path: string, shown: string) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once(browser, base, path, shown));
  return {
    runs,
    fcp: median(runs.map((r) => r.fcpMs)),
    usable: median(runs.map((r) => r.usableMs)),
    app: median(runs.map((r) => r.appMs)),
  };
}

/**
 * Medians of a few first visits to the catalogue (`/courses`; shown: its first course and its search form,
 * both usable before any script) and to a course page, of the running platform at `base`.
 */
export async function firstPaint(browser: Browser, base: string) {
  const catalogue = await medians(browser, base, '/courses', 'form[role="search"] ~ ul a[href^="/courses/"]');
  console.log(
    `  first visit to /courses at 800 ms RTT, 50 KB/s: first contentful paint ${catalogue.fcp} ms (target under 2,000), first course and the search form shown ${catalogue.usable} ms (target under 4,000), the app's own catalogue ${catalogue.app} ms; ${catalogue.runs[0]!.kb} KB in ${catalogue.runs[0]!.requests} requests`,
  );
  const course = await medians(browser, base, COURSE_PAGE, 'h1 ~ ol li');
  console.log(
    `  first visit to ${COURSE_PAGE}: first contentful paint ${course.fcp} ms, the course and its episodes shown ${course.usable} ms, the app's own page ${course.app} ms; ${course.runs[0]!.kb} KB in ${course.runs[0]!.requests} requests`,
  );
  return {
    profile: PROFILE,
    runs: catalogue.runs,
    fcpMedianMs: catalogue.fcp,
    usableMedianMs: catalogue.usable,
    appMedianMs: catalogue.app,
    coursePage: {
      runs: course.runs,
      fcpMedianMs: course.fcp,
      shownMedianMs: course.usable,
      appMedianMs: course.app,
    },
    target: { fcpMs: 2000, usableMs: 4000 },
    pass: catalogue.fcp < 2000 && catalogue.usable < 4000,
  };
}

// Alone (`npm run bench:first-paint -w bench`): the web app and the API built, the platform started with its
// demo content, then the first visits.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
  execFileSync('npm', ['run', 'build', '-w', 'apps/web', '--silent'], { cwd: root, stdio: 'ignore' });
  execFileSync(process.execPath, ['build.mjs'], { cwd: path.join(root, 'apps', 'api') });
  const platform = await startPlatform('bench-first-paint');
  const browser = await launchChromium();
  try {
    console.log(JSON.stringify(await firstPaint(browser, platform.base)));
  } finally {
    await browser.close();
    await platform.stop();
  }
}
