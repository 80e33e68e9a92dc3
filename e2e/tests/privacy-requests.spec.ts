import type { Page } from '@playwright/test';
import {
  adminApi,
  expect,
  expectToast,
  fitsTheScreen,
  loginAsAdmin,
  noSeriousViolations,
  registerByApi,
  test,
} from './fixtures';

/** A Bangkok day `days` before today, as a date input writes it. */
const bangkokDay = (days: number) =>
  new Date(Date.now() + 7 * 3_600_000 - days * 86_400_000).toISOString().slice(0, 10);

async function findInQueue(page: Page, email: string) {
  await page.getByLabel('ค้นหาด้วยอีเมลผู้ยื่นคำขอ').fill(email);
  await page.getByRole('button', { name: 'ค้นหา', exact: true }).click();
}

test('an administrator enters a data request, finds it in the queue with its due date, and closes it with a resolution', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const learner = await registerByApi(request, 'pdpa');
  // An older request of the same learner, past its 30 days: the queue marks it overdue.
  const post = await adminApi(request);
  await post('/data-requests', {
    kind: 'objection',
    requesterEmail: learner.email,
    details: 'ขอให้หยุดใช้ข้อมูลเพื่อการตลาด',
    receivedOn: bangkokDay(40),
  });

  await page.goto('/admin/data-requests');
  await loginAsAdmin(page);
  await expect(page.getByRole('heading', { level: 1, name: 'คำขอข้อมูลส่วนบุคคล' })).toBeVisible();
  await page.getByRole('link', { name: 'บันทึกคำขอใหม่' }).click();

  // Required fields are said in Thai at the field, before anything is sent.
  await page.getByRole('button', { name: 'บันทึกคำขอ' }).click();
  await expect(page.getByText('กรุณากรอกอีเมลผู้ยื่นคำขอ')).toBeVisible();
  await expect(page.getByText('กรุณากรอกรายละเอียดคำขอ')).toBeVisible();
  await expect(page.getByLabel('อีเมลผู้ยื่นคำขอ')).toBeFocused();
  await noSeriousViolations(page);
  await page.getByLabel('ประเภท').selectOption({ label: 'ขอแก้ไข' });
  await page.getByLabel('อีเมลผู้ยื่นคำขอ').fill(learner.email);
  await page.getByLabel('รายละเอียดคำขอ').fill('นามสกุลในใบประกาศนียบัตรสะกดผิด');
  await page.getByLabel('วันที่ได้รับ').fill(bangkokDay(3));
  await expectToast(page, 'บันทึกคำขอแล้ว', () => page.getByRole('button', { name: 'บันทึกคำขอ' }).click());

  // Its page: linked to the learner's account, due 30 days after the day received.
  await expect(page.getByRole('heading', { level: 1, name: 'ขอแก้ไข' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(learner.email) })).toBeVisible();
  await expect(page.getByText('เหลือ 27 วัน')).toBeVisible();
  const detail = page.url();

  // The queue: soonest due first, the overdue one marked, filtered to overdue only.
  await page.getByRole('link', { name: 'กลับไปที่รายการคำขอ' }).click();
  await findInQueue(page, learner.email);
  const rows = page.getByRole('row').filter({ hasText: learner.email });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('คัดค้าน');
  await expect(rows.nth(0)).toContainText('เกินกำหนด');
  await expect(rows.nth(1)).toContainText('ขอแก้ไข');
  await expect(rows.nth(1)).toContainText('เหลือ 27 วัน');
  await expect(rows.nth(1)).toContainText('รอดำเนินการ');
  await noSeriousViolations(page);
  await page.getByLabel('เกินกำหนด').selectOption({ label: 'เฉพาะที่เกินกำหนด' });
  await page.getByRole('button', { name: 'กรอง' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('คัดค้าน');

  // Closing needs a resolution; then it is closed for good, and the history says who did what.
  await page.goto(detail);
  await page.getByLabel('สถานะ', { exact: true }).selectOption({ label: 'เสร็จแล้ว' });
  await page.getByRole('button', { name: 'บันทึกสถานะ' }).click();
  await expect(page.getByText('กรุณากรอกผลการดำเนินการก่อนปิดคำขอ')).toBeVisible();
  await noSeriousViolations(page);
  await page.getByLabel('ผลการดำเนินการ', { exact: true }).fill('แก้นามสกุลและออกใบประกาศนียบัตรใหม่แล้ว');
  await expectToast(page, 'บันทึกสถานะคำขอแล้ว', () => page.getByRole('button', { name: 'บันทึกสถานะ' }).click());
  await expect(page.getByText(/คำขอนี้ปิดแล้วและเปิดใหม่ไม่ได้/)).toBeVisible();
  await expect(page.locator('dl').getByText('แก้นามสกุลและออกใบประกาศนียบัตรใหม่แล้ว')).toBeVisible();
  await expect(page.getByText('data_request.close')).toBeVisible();
  await noSeriousViolations(page);

  // The learner sees the answer on their account page.
  const mine = await request.get('/api/users/data-requests', {
    headers: { authorization: `Bearer ${learner.access_token}` },
  });
  expect((await mine.json()).items[0]).toMatchObject({ kind: 'correction', status: 'done' });

  // A phone's width: the queue, the request and the form fit, and stay accessible.
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of [
    `/admin/data-requests?q=${encodeURIComponent(learner.email)}`,
    detail,
    '/admin/data-requests/new',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await fitsTheScreen(page, path);
    await noSeriousViolations(page);
  }
});
