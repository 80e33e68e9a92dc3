import { readFile } from 'node:fs/promises';
import {
  downloadNamed,
  expect,
  fitsTheScreen,
  mailTo,
  noSeriousViolations,
  registerByApi,
  test,
  withTokens,
} from './fixtures';

test('a learner asks for their data, sees it prepared, is mailed, and downloads the ZIP (axe, 360 px)', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const u = await registerByApi(request, 'export');
  await page.setViewportSize({ width: 360, height: 780 });
  await withTokens(page, u);
  await page.goto('/account#data-export');
  const card = page.getByRole('region', { name: 'ดาวน์โหลดข้อมูลของฉัน' });
  await expect(card.getByText('คุณยังไม่เคยขอไฟล์ข้อมูล')).toBeVisible();
  await card.getByRole('button', { name: 'ขอไฟล์ข้อมูลของฉัน' }).click();
  await expect(card.getByRole('status')).toContainText('กำลังเตรียมไฟล์');
  // The job builds it in the server; the card asks again by itself until it is ready.
  const download = card.getByRole('button', { name: 'ดาวน์โหลดไฟล์ ZIP' });
  await expect(download).toBeVisible({ timeout: 60_000 });
  await expect(card.getByRole('status')).toContainText(/ไฟล์พร้อมแล้ว \(.+ MB\) ดาวน์โหลดได้ถึง .+25\d\d/);
  await noSeriousViolations(page);
  await fitsTheScreen(page);

  const mail = await mailTo(request, u.email, /ข้อมูลของคุณพร้อมให้ดาวน์โหลดแล้ว/);
  expect(mail.text).toContain('/account#data-export');

  const file = await downloadNamed(page, /^rianroo-data-\d{4}-\d\d-\d\d\.zip$/, () => download.click());
  const zip = await readFile((await file.path())!);
  // A ZIP (its local-file signature), whose directory names the profile's JSON and the README.
  expect(zip.subarray(0, 4).toString('hex')).toBe('504b0304');
  expect(zip.includes('profile/profile.json')).toBe(true);
  expect(zip.includes('README.txt')).toBe(true);
  // A second file may be asked for once this one is ready.
  await expect(card.getByRole('button', { name: 'ขอไฟล์ใหม่' })).toBeEnabled();
});
