import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { hasBrowser } from '../browser';

/** Every browser test; skipped (loudly, see the config) when there is no Chromium. */
export const test = base.extend<{ skipWithoutBrowser: void }>({
  skipWithoutBrowser: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their first argument
    async ({}, use, testInfo) => {
      testInfo.skip(!hasBrowser, 'Chromium is not installed');
      await use();
    },
    { auto: true },
  ],
});
export { expect };

export const PASSWORD = 'e2e-strong-password-1';
/**
 * The worker running this file (Playwright's parallel index, 0 or 1 with two workers; a worker started again
 * after a failure gets the index of the one it replaces): names made here never meet another worker's.
 */
export const WORKER = process.env.TEST_PARALLEL_INDEX ?? '0';
let n = 0;
export const uniqueEmail = (tag: string) =>
  `${tag}.${Date.now().toString(36)}w${WORKER}${(n++).toString(36)}@example.com`;

/** Registers a learner through the API (not the page) from a given device. */
export async function registerByApi(
  request: APIRequestContext,
  tag = 'e2e',
  deviceId = `api-device-${Date.now()}-w${WORKER}-${n++}`,
) {
  const email = uniqueEmail(tag);
  const res = await request.post('/api/users', {
    data: {
      email,
      password: PASSWORD,
      firstName: 'ทดสอบ',
      lastName: 'อีทูอี',
      acceptTerms: true,
      device: { id: deviceId, name: 'Playwright API' },
    },
  });
  expect(res.status()).toBe(201);
  return { email, ...(await res.json()) } as {
    email: string;
    access_token: string;
    refresh_token: string;
    user: { id: string };
  };
}

export async function loginInPage(page: Page, email: string, password = PASSWORD) {
  // After a client-side move the previous page stays until the lazily loaded login page has come.
  await expect(page.getByRole('button', { name: /^(เข้าสู่ระบบ|Log in)$/ })).toBeVisible();
  await page.getByLabel(/^(อีเมล|E-mail)$/).fill(email);
  await page.getByLabel(/^(รหัสผ่าน|Password)$/).fill(password);
  await page.getByRole('button', { name: /^(เข้าสู่ระบบ|Log in)$/ }).click();
}

/** The seeded administrator (apps/api/src/startup/seed.ts). */
export const ADMIN = { email: 'admin@rianroo.dev', password: 'Rianroo-demo-2026' };

/**
 * The seeded administrator's device in this worker: every test has a fresh browser, and a fourth new device
 * would meet the account's device limit (MAX_DEVICES, 3); one per worker, so that a login in one worker never
 * replaces the session another worker's test is using on the same device.
 */
const ADMIN_DEVICE = `e2e-seeded-administrator-w${WORKER}`;

/** Signs the seeded administrator in on the login page shown, always from this worker's device. */
export async function loginAsAdmin(page: Page) {
  await page.evaluate((id) => localStorage.setItem('deviceId', id), ADMIN_DEVICE);
  await loginInPage(page, ADMIN.email, ADMIN.password);
}

/**
 * The seeded administrator's API, for a test to set up what it needs without the pages (sign in through it
 * before loginAsAdmin: the same device). Returns a POST to `/api/admin…` resolving to the answer's body.
 */
export async function adminApi(request: APIRequestContext) {
  const res = await request.post('/api/auth', {
    data: { ...ADMIN, device: { id: ADMIN_DEVICE, name: 'Playwright' } },
  });
  expect(res.status(), await res.text()).toBe(200);
  const headers = { authorization: `Bearer ${(await res.json()).access_token}` };
  return async <T>(url: string, data: object): Promise<T> => {
    const r = await request.post(`/api/admin${url}`, { headers, data });
    const body = await r.text();
    expect(r.status(), `${url}: ${body}`).toBeLessThan(300);
    return (body ? JSON.parse(body) : null) as T;
  };
}

/** The newest e-mail to `to` whose subject matches, as the local SMTP peer received it (see e2e/smtp-inbox.ts). */
export async function mailTo(_request: APIRequestContext, to: string, subject: RegExp) {
  const inbox = `http://127.0.0.1:${process.env.E2E_INBOX_PORT ?? 3412}/`;
  // Until it arrives (the mail goes through the job queue, later on a busy machine): the test's own time
  // limit ends the wait, not a count of tries.
  for (;;) {
    const list = (await (await fetch(inbox)).json()) as { to: string; subject: string; text: string }[];
    const hit = list.reverse().find((m) => m.to === to && subject.test(m.subject));
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const storageKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).sort());

/**
 * Puts `u`'s tokens into the page's local storage before any page script runs (once: a later login in the same
 * page keeps its own), so that a test opens a protected page without the login page and without a new device.
 */
export async function withTokens(
  page: Page,
  u: { access_token: string; refresh_token: string; user: { id: string } },
) {
  await page.addInitScript(
    ([token, refresh, uid]) => {
      if (localStorage.getItem('token')) return;
      localStorage.setItem('token', token!);
      localStorage.setItem('refreshToken', refresh!);
      localStorage.setItem('uid', uid!);
      localStorage.setItem('tokenSavedTime', String(Math.floor(Date.now() / 1000)));
    },
    [u.access_token, u.refresh_token, u.user.id],
  );
}

/**
 * Opening a course the learner has not started leads to its pre-test first (every demo course has one, and
 * they are skippable): skips it, so that the course opens on its first episode.
 */
export async function skipPreTest(page: Page) {
  await page.waitForURL(/\/library\/course\/[^/]+\/(episode|test)\//);
  if (!/\/test\//.test(page.url())) return;
  await page.getByRole('button', { name: 'ข้ามแบบทดสอบก่อนเรียน' }).click();
  await page.waitForURL(/\/library\/course\/[^/]+\/episode\//);
}

/** The page's video element, and where its playback is (seconds). */
export const video = (page: Page) => page.locator('video');
export const currentTime = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);

/** No part of the page is wider than the screen. */
export async function fitsTheScreen(page: Page, what = page.url()) {
  const { scroll, view } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    view: document.documentElement.clientWidth,
  }));
  expect(scroll, `${what} is wider than the screen`).toBeLessThanOrEqual(view);
}

/**
 * Runs `act` and expects a notification (role status or alert) matching `text` (a string: the whole text). A
 * notification lasts the spec's 1.5 s, so the page itself watches for it, from before the action, on every change
 * of the page: a busy machine on which this process looks late cannot miss one that came and went.
 */
export async function expectToast(page: Page, text: string | RegExp, act: () => Promise<unknown>) {
  const re = typeof text === 'string' ? new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : text;
  const key = `__e2eToast${n++}`;
  await page.evaluate(
    ({ key, source, flags }) => {
      const wanted = new RegExp(source, flags);
      const seen = window as unknown as Record<string, boolean>;
      seen[key] = false;
      const look = () => {
        const shown = Array.from(document.querySelectorAll('[role="status"], [role="alert"]')).some((el) =>
          wanted.test((el.textContent ?? '').trim()),
        );
        if (!shown) return;
        seen[key] = true;
        observer.disconnect();
      };
      const observer = new MutationObserver(look);
      observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true });
      look();
    },
    { key, source: re.source, flags: re.flags },
  );
  await act();
  await expect
    .poll(() => page.evaluate((k) => (window as unknown as Record<string, boolean>)[k], key), {
      message: `a notification matching ${re}`,
    })
    .toBe(true);
}

/**
 * Runs `act` and answers the download it starts, known by its file name (`name`). The headless shell has no PDF
 * viewer: a page's PDF in an iframe arrives there as a download of its own, named by a random id, which is not
 * the one the action made.
 */
export async function downloadNamed(page: Page, name: string | RegExp, act: () => Promise<unknown>) {
  const named = (file: string) => (typeof name === 'string' ? file === name : name.test(file));
  const [file] = await Promise.all([
    page.waitForEvent('download', { predicate: (d) => named(d.suggestedFilename()) }),
    act(),
  ]);
  return file;
}

/** axe on the page as it is: no serious or critical accessibility violation. */
export async function noSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Waits (the supervisor starts Strapi after the API is ready) until the content service answers. */
export async function contentServiceUp(request: APIRequestContext, timeout = 120_000) {
  const config = await (await request.get('/api/public-config')).json();
  expect(
    config.contentUrl,
    'the browser tests need the content service: e2e/server.ts runs the API with it (CMS_ENABLED, apps/cms installed)',
  ).toBe('/cms');
  await expect
    .poll(
      async () =>
        (await request.get('/cms/api/header-script', { headers: await contentBearer(request) })).status(),
      {
        timeout,
        intervals: [500, 1000, 2000],
      },
    )
    .toBe(200);
}
export const contentBearer = async (request: APIRequestContext) => ({
  authorization: `Bearer ${(await (await request.get('/api/public-config')).json()).contentToken}`,
});

/** Fills the contact guard's form (Thai labels) with valid details, consent given, and saves it. */
export async function fillContact(page: Page, organisation: string, province = 'กรุงเทพมหานคร') {
  await page.getByLabel('เบอร์โทรศัพท์').fill('081 234 5678');
  await page.getByLabel('หน่วยงาน / บริษัท').fill(organisation);
  await page.getByLabel('ตำแหน่ง').fill('พยาบาลวิชาชีพ');
  await page.getByLabel('จังหวัด').selectOption({ label: province });
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'บันทึกและไปต่อ' }).click();
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * A connection to the platform's own database (e2e/server.ts writes its port and password), for what a test
 * cannot wait for or do through the pages: close it with `end()`.
 */
export async function platformDb() {
  const dataDir = process.env.E2E_DATA_DIR ?? path.join(root, '.data', 'e2e');
  const db = new pg.Client({
    host: '127.0.0.1',
    port: Number(readFileSync(path.join(root, '.data', 'e2e-pg-port'), 'utf8')),
    user: 'postgres',
    password: readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim(),
    database: 'rianroo',
  });
  await db.connect();
  return db;
}

/**
 * Plays episodes through to their ends through the API, as the player does: their played ranges, in saves of
 * at most the watch-time budget's 60 s of slack (decision 015: 2 s of video a second of wall time). Before each
 * save the learner's budget clock is moved back a minute in the platform's database, the wall time a real
 * learner would spend, instead of waiting it out.
 */
export async function playThrough(
  request: APIRequestContext,
  headers: Record<string, string>,
  courseId: string,
  episodes: { id: string; durationSeconds: number }[],
) {
  const userId = JSON.parse(Buffer.from(headers.authorization!.split('.')[1]!, 'base64url').toString()).sub;
  const db = await platformDb();
  try {
    for (const e of episodes) {
      for (let from = 0; from < e.durationSeconds; from += 60) {
        const to = Math.min(e.durationSeconds, from + 60);
        await db.query(
          `update watch_budgets set at = least(at, now()) - interval '1 minute' where user_id = $1`,
          [userId],
        );
        const res = await request.post('/api/users/on-going-episode', {
          headers,
          data: { course_id: courseId, episode_id: e.id, last_second: to, playedRanges: [[from, to]] },
        });
        expect(res.status()).toBe(200);
      }
    }
  } finally {
    await db.end();
  }
}
