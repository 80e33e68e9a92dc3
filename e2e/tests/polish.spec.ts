import { expect, test } from './fixtures';

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
