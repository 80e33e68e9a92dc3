import type { APIRequestContext, Page } from '@playwright/test';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  expect,
  registerByApi,
  test,
  withTokens,
  noSeriousViolations,
  contentServiceUp,
  contentBearer,
} from './fixtures';

/*
 * The content service (the real Strapi in apps/cms, supervised by the API and reached at /cms) seen through
 * the web app: header scripts under the page CSP, the announcement bar, library banners and the annual offer,
 * the course page's details, the offer pages, and every page still whole with the service stopped.
 * Expected texts are read from the service itself, so the test follows whatever the editors' seed says.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The supervisor's run folder (e2e/server.ts's DATA_DIR + /cms): strapi.pid, and `hold` to keep it down. */
const cmsRunDir = path.join(process.env.E2E_DATA_DIR ?? path.join(root, '.data', 'e2e'), 'cms');
const DEMO_PASSWORD = 'Rianroo-demo-2026';
const COURSE = 'stock-investing-basics';

type Json = Record<string, unknown> & { data?: unknown };

async function readContent(request: APIRequestContext, what: string): Promise<Json> {
  const config = await (await request.get('/api/public-config')).json();
  expect(config.contentUrl, 'the API names a content service').toBeTruthy();
  const res = await request.get(`${config.contentUrl}/api/${what}`, {
    headers: { authorization: `Bearer ${config.contentToken}` },
  });
  expect(res.status(), `${what} from the content service`).toBe(200);
  return (await res.json()) as Json;
}

/** Opens `path` as a learner holding these tokens (no login page, so no new device). */
async function openAs(
  page: Page,
  u: { access_token: string; refresh_token: string; user: { id: string } },
  to: string,
) {
  await withTokens(page, u);
  await page.goto(to);
}

async function loginByApi(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth', {
    data: { email, password: DEMO_PASSWORD, device: { id: `e2e-content-${email}`, name: 'Playwright' } },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as { access_token: string; refresh_token: string; user: { id: string } };
}

/** CSP refusals are reported on the console: the page must cause none. */
function cspErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) errors.push(m.text());
  });
  return errors;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  await contentServiceUp(request);
});

test('the header script of the content service runs under the page CSP, once the learner consents', async ({
  page,
  request,
}) => {
  const html = String(((await readContent(request, 'header-script')).data as { html?: string })?.html ?? '');
  expect(html).toContain('__rianrooHeadScript');
  const csp = cspErrors(page);
  const answer = await page.goto('/');
  expect(answer!.headers()['content-security-policy']).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
  // Nothing runs before consent (PDPA): a banner asks, and declining keeps it so after a reload.
  const banner = page.getByRole('region', { name: 'ความยินยอมการวิเคราะห์การใช้งาน' });
  await expect(banner).toBeVisible();
  await noSeriousViolations(page);
  await banner.getByRole('button', { name: 'ไม่ยินยอม' }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(
    await page.evaluate(() => (window as { __rianrooHeadScript?: boolean }).__rianrooHeadScript),
  ).toBeUndefined();
  expect(await page.locator('head [data-cms-head]').count()).toBe(0);
  // Changed on the account page... here by the learner's choice kept in the browser: consent given.
  await page.evaluate(() => localStorage.removeItem('analyticsConsent'));
  await page.reload();
  await page
    .getByRole('region', { name: 'ความยินยอมการวิเคราะห์การใช้งาน' })
    .getByRole('button', { name: 'ยินยอม', exact: true })
    .click();
  await page.waitForFunction(
    () => (window as { __rianrooHeadScript?: boolean }).__rianrooHeadScript === true,
  );
  await expect(page.locator('head [data-cms-head]').first()).toBeAttached();
  // Added once, even after moving around the app.
  await page.getByRole('link', { name: 'คอร์สทั้งหมด' }).first().click();
  await expect(page.getByRole('heading', { name: 'คอร์สทั้งหมด' })).toBeVisible();
  expect(await page.locator('head script[data-cms-head]').count()).toBe(
    (html.match(/<script/g) ?? []).length,
  );
  expect(csp).toEqual([]);
});

test('the announcement bar shows above the header on every page until dismissed for the session', async ({
  page,
  request,
}) => {
  const bar = (await readContent(request, 'announcement-bar')).data as {
    message: string;
    linkLabel: string | null;
  };
  await page.goto('/');
  const region = page.getByRole('region', { name: 'ประกาศ' });
  await expect(region).toContainText(bar.message);
  // Above the header.
  const [barBox, headerBox] = [await region.boundingBox(), await page.locator('header').boundingBox()];
  expect(barBox!.y).toBeLessThan(headerBox!.y);
  if (bar.linkLabel) await expect(region.getByRole('link', { name: bar.linkLabel })).toBeVisible();
  await page.goto('/courses');
  await expect(region).toContainText(bar.message);
  await region.getByRole('button', { name: 'ปิดประกาศ' }).click();
  await expect(region).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'คอร์สทั้งหมด' })).toBeVisible();
  await expect(region).toBeHidden();

  // English asks for the English entry (a new tab is a new session: not dismissed there).
  const english = await page.context().newPage();
  await english.addInitScript(() => localStorage.setItem('lang', 'en'));
  const enBar = (await readContent(request, 'announcement-bar?locale=en')).data as { message: string };
  await english.goto('/');
  await expect(english.getByRole('region', { name: 'Announcement' })).toContainText(enBar.message);
  await english.close();
});

test('the library shows the banners, and the annual offer to a learner without the annual plan', async ({
  page,
  request,
}) => {
  const banners = ((await readContent(request, 'library-banners')).data as { alt: string | null }[]).filter(
    (b) => b.alt,
  );
  expect(banners.length).toBeGreaterThan(0);
  const promo = (await readContent(request, 'annual-promotion')).data as { title: string };
  const u = await registerByApi(request, 'content');
  await page.setViewportSize({ width: 360, height: 800 });
  await openAs(page, u, '/library');
  const carousel = page.getByRole('region', { name: 'โปรโมชันและข่าวสาร' });
  await expect(carousel.getByRole('img', { name: banners[0]!.alt! })).toBeVisible();
  await expect(carousel.locator('img').first()).toHaveJSProperty('complete', true);
  expect(
    await carousel
      .locator('img')
      .first()
      .evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);
  if (banners.length > 1) {
    await carousel.getByRole('button', { name: 'ไปที่แบนเนอร์ที่ 2' }).click();
    await expect(carousel.getByRole('img', { name: banners[1]!.alt! })).toBeInViewport();
    await page.keyboard.press('ArrowLeft');
    await expect(carousel.getByRole('img', { name: banners[0]!.alt! })).toBeInViewport();
  }
  // Drafts never reach the page.
  await expect(carousel.getByRole('img', { name: /ฉบับร่าง|DRAFT/ })).toHaveCount(0);
  const offer = page.getByRole('region', { name: 'ข้อเสนอสมาชิกรายปี' });
  await expect(offer.getByRole('heading', { name: promo.title })).toBeVisible();
  const cta = offer.getByRole('link', { name: 'สมัครสมาชิกรายปี' });
  expect(new URL((await cta.getAttribute('href'))!).searchParams.get('cid')).toBe(
    Buffer.from(u.user.id).toString('base64'),
  );
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await noSeriousViolations(page);

  const annual = await loginByApi(request, 'annual@rianroo.dev');
  const other = await page.context().browser()!.newPage();
  await openAs(other, annual, '/library');
  await expect(other.getByRole('region', { name: 'โปรโมชันและข่าวสาร' })).toBeVisible();
  await expect(other.getByRole('region', { name: 'ข้อเสนอสมาชิกรายปี' })).toHaveCount(0);
  await other.close();
});

test('a course page shows its details from the content service, with its SEO title and description', async ({
  page,
  request,
}) => {
  const [details] = (await readContent(request, `courses?filters[slug][$eq]=${COURSE}`)).data as {
    tagline: string;
    highlights: string[];
    faq: { question: string; answer: string }[];
    seoTitle: string;
    seoDescription: string;
  }[];
  expect(details).toBeDefined();
  await page.goto(`/courses/${COURSE}`);
  await expect(page.getByText(details!.tagline)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'จุดเด่นของคอร์ส' })).toBeVisible();
  await expect(page.getByText(details!.highlights[0]!)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'สิ่งที่คุณจะได้เรียนรู้' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'เกี่ยวกับผู้สอน' })).toBeVisible();
  const question = page.getByRole('button', { name: details!.faq[0]!.question });
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText(details!.faq[0]!.answer)).toBeHidden();
  await question.focus();
  await page.keyboard.press('Enter');
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(details!.faq[0]!.answer)).toBeVisible();
  await expect(page).toHaveTitle(details!.seoTitle);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', details!.seoDescription);
  await page.getByRole('link', { name: 'คอร์สทั้งหมด' }).first().click();
  await expect(page).not.toHaveTitle(details!.seoTitle);
  await noSeriousViolations(page);
});

test('the free-trial and renewal pages show their content and go to checkout with cid (and cpc)', async ({
  page,
  request,
}) => {
  const trial = (await readContent(request, 'free-trial')).data as { title: string; cta: string };
  const renewal = (await readContent(request, 'renewal')).data as { title: string; cta: string };
  const u = await registerByApi(request, 'offer');
  await openAs(page, u, '/free-trial');
  await expect(page.getByRole('heading', { name: trial.title })).toBeVisible();
  const cid = Buffer.from(u.user.id).toString('base64');
  const trialHref = new URL((await page.getByRole('link', { name: trial.cta }).getAttribute('href'))!);
  expect(trialHref.searchParams.get('cid')).toBe(cid);
  await page.goto('/renewal?cpc=BACK2SCHOOL');
  await expect(page.getByRole('heading', { name: renewal.title })).toBeVisible();
  const renewHref = new URL((await page.getByRole('link', { name: renewal.cta }).getAttribute('href'))!);
  expect(renewHref.searchParams.get('cid')).toBe(cid);
  expect(renewHref.searchParams.get('cpc')).toBe('BACK2SCHOOL');
  await noSeriousViolations(page);
});

test('with the content service stopped every page still renders, without its content', async ({
  browser,
  request,
}) => {
  const pidFile = path.join(cmsRunDir, 'strapi.pid');
  expect(existsSync(pidFile), `${pidFile} (the supervisor's pid file)`).toBe(true);
  mkdirSync(cmsRunDir, { recursive: true });
  writeFileSync(path.join(cmsRunDir, 'hold'), 'content.spec.ts\n');
  try {
    process.kill(Number(readFileSync(pidFile, 'utf8').trim()), 'SIGTERM');
    await expect
      .poll(
        async () =>
          (await request.get('/cms/api/header-script', { headers: await contentBearer(request) })).status(),
        {
          timeout: 30_000,
        },
      )
      .not.toBe(200);

    const u = await registerByApi(request, 'nocms');
    // A new browser session: nothing kept from the tests above.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/courses');
    await expect(page.getByRole('heading', { name: 'คอร์สทั้งหมด' })).toBeVisible();
    await page.goto(`/courses/${COURSE}`);
    await expect(page.getByRole('heading', { name: 'เนื้อหาในคอร์ส' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'จุดเด่นของคอร์ส' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'คำถามที่พบบ่อย' })).toHaveCount(0);
    await openAs(page, u, '/library');
    await expect(page.getByRole('heading', { name: 'คลังคอร์สของฉัน' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'คอร์สใหม่' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'โปรโมชันและข่าวสาร' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'ข้อเสนอสมาชิกรายปี' })).toHaveCount(0);
    await page.goto('/free-trial');
    await expect(page.getByRole('heading', { name: 'ทดลองเรียนฟรี 7 วัน' })).toBeVisible();
    // Checkout is ours: the trial's way there stays open without the editors' offer.
    await expect(page.getByRole('link', { name: 'เริ่มทดลองเรียนฟรี' })).toHaveAttribute(
      'href',
      /\/checkout\/trial\?cid=/,
    );
    await page.goto('/renewal');
    await expect(page.getByRole('heading', { name: 'ต่ออายุสมาชิก' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'ประกาศ' })).toHaveCount(0);
    expect(
      await page.evaluate(() => (window as { __rianrooHeadScript?: boolean }).__rianrooHeadScript),
    ).toBeUndefined();
    await context.close();
  } finally {
    // Let the supervisor start it again, for whatever runs next.
    rmSync(path.join(cmsRunDir, 'hold'), { force: true });
  }
  await contentServiceUp(request);
});
