// Click on play to first frame, in headless Chromium against the built platform with its demo videos.
// Two cases: the learner clicks once the player has loaded the video's metadata (the usual case), and the
// learner clicks as soon as the play button shows (hls.js may still be loading: the click must not be lost).
import type { Browser } from 'playwright-core';
import { firstPaint } from './first-paint.js';
import { launchChromium, startPlatform } from './platform.js';

const RUNS = Number(process.env.BENCH_FIRST_FRAME_RUNS ?? 12);
const SLUG = 'stock-investing-basics';
const DEMO = { email: 'learner@rianroo.dev', password: 'Rianroo-demo-2026' };

interface Session {
  access_token: string;
  refresh_token: string;
  user: { id: string };
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Logs the demo learner in and waits (a few minutes on a first run) until the teaser's video is made. */
async function teaser(base: string) {
  const session = await json<Session>(
    await fetch(`${base}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...DEMO, device: { id: 'bench-first-frame', name: 'bench' } }),
    }),
  );
  const headers = { authorization: `Bearer ${session.access_token}` };
  const course = await json<{ id: string }>(
    await fetch(`${base}/api/course/get-course-by-slug/${SLUG}`, { headers }),
  );
  for (const until = Date.now() + 600_000; Date.now() < until;) {
    const { episodes } = await json<{ episodes: { id: string; isTeaser: boolean; videoStatus: string }[] }>(
      await fetch(`${base}/api/course/${course.id}/get-episode-and-quiz`, { method: 'POST', headers }),
    );
    const t = episodes.find((e) => e.isTeaser);
    if (t?.videoStatus === 'ready') return { session, episodeId: t.id };
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error('the teaser video was not made within 10 minutes');
}

// Run in the page as text: tsx would add helpers to a function that the page does not have.
const ARM = `window.__firstFrame = new Promise((resolve, reject) => {
  const video = document.querySelector('video');
  document.addEventListener('pointerdown', () => {
    const t0 = performance.now();
    const done = (how) => resolve({ ms: performance.now() - t0, how });
    // The first painted frame past 0 s; 'timeupdate' too, where the browser gives no frame callbacks.
    const next = () => video.requestVideoFrameCallback((_now, meta) =>
      meta.mediaTime > 0 ? done('frame') : next());
    next();
    const onTime = () => { if (video.currentTime > 0) { video.removeEventListener('timeupdate', onTime); done('timeupdate'); } };
    video.addEventListener('timeupdate', onTime);
    setTimeout(() => reject(new Error('no frame within 20 s: currentTime ' + video.currentTime +
      ', readyState ' + video.readyState + ', paused ' + video.paused + ', src ' + video.currentSrc)), 20000);
  }, { once: true, capture: true });
});
undefined; // not the promise: evaluate would wait for it`;

async function measureOnce(browser: Browser, base: string, s: Session, episodeId: string, settled: boolean) {
  // The page's CSP forbids evaluating strings; the measuring snippets are strings (see ARM).
  const context = await browser.newContext({ baseURL: base, bypassCSP: true });
  const keys = { token: s.access_token, refreshToken: s.refresh_token, uid: s.user.id };
  await context.addInitScript({
    content: `for (const [k, v] of Object.entries(${JSON.stringify(keys)})) localStorage.setItem(k, v);
      localStorage.setItem('tokenSavedTime', String(Math.floor(Date.now() / 1000)));`,
  });
  try {
    context.setDefaultTimeout(30_000);
    const page = await context.newPage();
    if (process.env.BENCH_DEBUG) {
      page.on('crash', () => console.log('page crashed'));
      page.on('close', () => console.log('page closed'));
      page.on('console', (m) => console.log('console:', m.text()));
      page.on('pageerror', (e) => console.log('pageerror:', e.message));
    }
    await page.goto(`/library/course/${SLUG}/episode/${episodeId}`);
    const play = page.getByRole('button', { name: 'เล่น', exact: true }).first();
    await play.waitFor({ state: 'visible', timeout: 30_000 });
    if (settled) await page.waitForFunction('document.querySelector("video")?.readyState >= 1');
    await page.evaluate(ARM);
    await play.click();
    const { ms, how } = (await page.evaluate('window.__firstFrame')) as { ms: number; how: string };
    if (process.env.BENCH_DEBUG) console.log(`  ${Math.round(ms)} ms (${how})`);
    return Math.round(ms);
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function firstFrame() {
  const platform = await startPlatform('bench-player');
  const { base } = platform;
  let browser: Browser | undefined;
  try {
    const { session, episodeId } = await teaser(base);
    browser = await launchChromium();
    const result: Record<string, { medianMs: number; maxMs: number; runs: number[] }> = {};
    for (const [key, settled] of [
      ['afterMetadata', true],
      ['immediately', false],
    ] as const) {
      const runs: number[] = [];
      await measureOnce(browser, base, session, episodeId, settled); // warm-up
      for (let i = 0; i < RUNS; i++) runs.push(await measureOnce(browser, base, session, episodeId, settled));
      result[key] = { medianMs: median(runs), maxMs: Math.max(...runs), runs };
      console.log(
        `  click on play → first frame, ${key.padEnd(14)} median ${median(runs)} ms, max ${Math.max(...runs)} ms (${RUNS} runs)`,
      );
    }
    // The same platform, seen by a first visitor on a slow connection.
    const paint = await firstPaint(browser, base);
    return { ...result, firstPaint: paint };
  } finally {
    await browser?.close();
    await platform.stop();
  }
}
