// First visit on a slow Thai mobile connection (issue 14): Chromium's network throttling at 800 ms round trip
// and 50 KB/s, cache empty; first contentful paint and the moment the catalogue shows its first course.
import type { Browser } from 'playwright-core';

const PROFILE = { latency: 800, downloadThroughput: 50 * 1024, uploadThroughput: 50 * 1024 };
const RUNS = 3;

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;

async function once(browser: Browser, base: string) {
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
    await page.goto(`${base}/courses`, { waitUntil: 'commit', timeout: 60_000 });
    await page.locator('a[href^="/courses/"]').first().waitFor({ timeout: 60_000 });
    const usableMs = await page.evaluate(() => performance.now());
    // Painted long before the first course shows.
    const fcpMs = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    );
    return {
      fcpMs: Math.round(fcpMs),
      usableMs: Math.round(usableMs),
      kb: Math.round(bytes / 1024),
      requests,
    };
  } finally {
    await context.close();
  }
}

/** Medians of a few first visits to the catalogue (`/courses`) of the running platform at `base`. */
export async function firstPaint(browser: Browser, base: string) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once(browser, base));
  const fcp = median(runs.map((r) => r.fcpMs));
  const usable = median(runs.map((r) => r.usableMs));
  console.log(
    `  first visit to /courses at 800 ms RTT, 50 KB/s: first contentful paint ${fcp} ms (target under 2,000), first course shown ${usable} ms (target under 4,000); ${runs[0]!.kb} KB in ${runs[0]!.requests} requests`,
  );
  return {
    profile: PROFILE,
    runs,
    fcpMedianMs: fcp,
    usableMedianMs: usable,
    target: { fcpMs: 2000, usableMs: 4000 },
    pass: fcp < 2000 && usable < 4000,
  };
}
