import { contentServiceUp, expect, fitsTheScreen, noSeriousViolations, test } from './fixtures';

// The small things a new learner meets (issue 36's polish list), each checked in the browser.

test('a field focused after a failed submit stops clear of the sticky header, not under it', async ({
  page,
}) => {
  // A short phone screen: the form does not fit, so the first wrong field is scrolled back into view.
  await page.setViewportSize({ width: 360, height: 320 });
  await page.goto('/login');
  await page.getByLabel(/^(รหัสผ่าน|Password)$/).fill('something-long-enough');
  const submit = page.getByRole('button', { name: /^(เข้าสู่ระบบ|Log in)$/ });
  await submit.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await submit.click();
  const email = page.getByLabel(/^(อีเมล|E-mail)$/);
  await expect(email).toBeFocused();
  const header = await page.locator('header').first().boundingBox();
  const field = await email.boundingBox();
  expect(field!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
});

test('at 360x740 the consent banner, the announcement and the header take at most a fifth of the first screen', async ({
  page,
  request,
}) => {
  // A first visit: no consent yet (the content service publishes a header script) and the seeded announcement.
  await contentServiceUp(request);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const consent = page.getByRole('region', { name: 'ความยินยอมการวิเคราะห์การใช้งาน' });
  const announcement = page.getByRole('region', { name: 'ประกาศ' });
  await expect(consent).toBeVisible();
  await expect(announcement).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  const boxes = await Promise.all(
    [consent, announcement, page.locator('header').first()].map((l) => l.boundingBox()),
  );
  const total = boxes.reduce((sum, b) => sum + b!.height, 0);
  expect(total, `${boxes.map((b) => b!.height).join(' + ')} px`).toBeLessThanOrEqual(740 * 0.2);
  await fitsTheScreen(page);
  await noSeriousViolations(page);
  // Nothing lost: both answers on the line, the full wording a tap away, the whole announcement too.
  await expect(consent.getByRole('button', { name: 'ไม่ยินยอม' })).toBeVisible();
  await expect(consent.getByRole('button', { name: 'ยินยอม', exact: true })).toBeVisible();
  const details = consent.getByRole('button', { name: 'รายละเอียด' });
  await expect(details).toHaveAttribute('aria-expanded', 'false');
  await details.click();
  await expect(consent.getByText(/เปลี่ยนใจได้ที่หน้าบัญชีของฉัน/)).toBeVisible();
  await expect(consent.getByRole('link', { name: 'ประกาศความเป็นส่วนตัว' })).toBeVisible();
  const whole = announcement.getByRole('button', { name: 'อ่านประกาศทั้งหมด' });
  await whole.focus();
  await page.keyboard.press('Enter');
  await expect(whole).toHaveAttribute('aria-expanded', 'true');
  const message = announcement.locator('p > span').first();
  expect(await message.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await fitsTheScreen(page);
});
