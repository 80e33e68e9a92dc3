import type { Page } from '@playwright/test';
import { downloadNamed, expect, loginInPage, test, noSeriousViolations } from './fixtures';

const DEMO_PASSWORD = 'Rianroo-demo-2026';
const PAID = 'stock-investing-basics';

/** Logs a demo account in from a fixed device, so repeated runs do not use up its device slots. */
async function loginAsDemo(page: Page, email: string, then: string) {
  const device = `e2e-summary-${email.split('@')[0]}`;
  await page.addInitScript((id) => localStorage.setItem('deviceId', id), device);
  await page.goto(`/login?redirect=${encodeURIComponent(then)}`);
  await loginInPage(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(then);
}

type BlobLog = { __blobs: Record<string, { type: string; size: number; head: string }> };

/** CSP refusals are reported on the console: the page must cause none. */
function cspErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) errors.push(m.text());
  });
  return errors;
}

test('a subscriber reads the summary document in the page and downloads it, also at 360 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 760 });
  const csp = cspErrors(page);
  await page.addInitScript(() => {
    const log: BlobLog['__blobs'] = {};
    (window as unknown as BlobLog).__blobs = log;
    const create = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (obj: Blob | MediaSource) => {
      const url = create(obj);
      if (obj instanceof Blob) {
        log[url] = { type: obj.type, size: obj.size, head: '' };
        void obj
          .slice(0, 5)
          .text()
          .then((head) => (log[url]!.head = head));
      }
      return url;
    };
  });
  await loginAsDemo(page, 'annual@rianroo.dev', `/courses/${PAID}`);
  await page.getByRole('link', { name: 'เอกสารสรุปคอร์ส' }).click();
  await expect(page).toHaveURL(`/summary-document/${PAID}`);
  await expect(page.getByRole('heading', { level: 1, name: 'เอกสารสรุปคอร์ส' })).toBeVisible();
  await expect(page.getByText('ลงทุนหุ้นไทยสำหรับมือใหม่').first()).toBeVisible();

  const viewer = page.locator('iframe[title^="เอกสารสรุปคอร์ส (PDF)"]');
  await expect(viewer).toBeVisible();
  const src = (await viewer.getAttribute('src')) ?? '';
  expect(src).toMatch(/^blob:/);
  // The blob behind the viewer's URL, as the page made it (the CSP rightly refuses fetching blob: URLs).
  const blob = await page.evaluate((url) => (window as unknown as BlobLog).__blobs[url], src);
  expect(blob).toMatchObject({ type: 'application/pdf', head: '%PDF-' });
  expect(blob!.size).toBeGreaterThan(1000);

  const download = page.getByRole('link', { name: 'ดาวน์โหลด PDF' });
  await expect(download).toBeVisible();
  await expect(download).toHaveAttribute('download', `${PAID}-summary.pdf`);
  const file = await downloadNamed(page, `${PAID}-summary.pdf`, () => download.click());
  expect(await (await import('node:fs/promises')).readFile((await file.path())!, 'latin1')).toMatch(/^%PDF-/);

  await expect(page.getByRole('link', { name: /กลับไปหน้าคอร์ส/ })).toHaveAttribute('href', `/courses/${PAID}`);
  // Nothing is wider than a small phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // Keyboard: the download is reachable with Tab.
  await page.getByRole('link', { name: /กลับไปหน้าคอร์ส/ }).focus();
  let reached = false;
  for (let i = 0; i < 5 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await download.evaluate((el) => el === document.activeElement);
  }
  expect(reached).toBe(true);
  await noSeriousViolations(page);
  expect(csp).toEqual([]);
});

test('a learner without a subscription sees the locked message and the way to subscribe', async ({
  page,
}) => {
  await loginAsDemo(page, 'learner@rianroo.dev', `/summary-document/${PAID}`);
  await expect(page.getByRole('heading', { name: 'เอกสารสรุปนี้สำหรับสมาชิก' })).toBeVisible();
  await expect(page.getByText('สมัครสมาชิกหรือทดลองเรียนฟรี เพื่ออ่านและดาวน์โหลดเอกสารสรุปของคอร์สนี้')).toBeVisible();
  await expect(page.getByRole('link', { name: 'ทดลองเรียนฟรี หรือสมัครสมาชิก' })).toHaveAttribute(
    'href',
    '/free-trial',
  );
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'ดาวน์โหลด PDF' })).toHaveCount(0);
  await noSeriousViolations(page);

  // The free course is open to every learner; an unknown course says so.
  await page.goto('/summary-document/personal-finance-101');
  await expect(page.locator('iframe[title^="เอกสารสรุปคอร์ส (PDF)"]')).toBeVisible();
  await page.goto('/summary-document/no-such-course');
  await expect(page.getByText('ไม่พบคอร์สนี้ หรือคอร์สยังไม่เปิดให้เรียน')).toBeVisible();
});

test('an anonymous visitor is sent to log in first', async ({ page }) => {
  await page.goto(`/summary-document/${PAID}`);
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(`/summary-document/${PAID}`)}`);
});
