import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  expect,
  expectToast,
  fitsTheScreen,
  downloadNamed,
  loginAsAdmin,
  mailTo,
  noSeriousViolations,
  registerByApi,
  test,
  withTokens,
} from './fixtures';

// The pages show dates on the learner's calendar: the business's, Bangkok's.
test.use({ timezoneId: 'Asia/Bangkok' });

/** At a phone's 360 px: nothing wider than the screen; then back to the desktop. */
async function atPhoneWidth(page: Page) {
  await page.setViewportSize({ width: 360, height: 740 });
  await fitsTheScreen(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a learner of the demo hospital pays, asks for a full tax invoice from the receipt and downloads it; an administrator refunds part and the credit note appears beside the receipt', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const u = await registerByApi(request, 'tax-invoice');
  const joined = await request.post('/api/organizations/join', {
    headers: { authorization: `Bearer ${u.access_token}` },
    data: { code: 'RIANROO-HOSPITAL' },
  });
  expect(joined.status()).toBe(200);
  await withTokens(page, u);

  // Checkout offers the full tax invoice: its fields, started with the organisation's name.
  await page.goto('/checkout/monthly');
  await page.getByRole('checkbox', { name: 'ต้องการใบกำกับภาษีเต็มรูป' }).check();
  const buyer = page.getByLabel('ชื่อผู้ซื้อ (บริษัท องค์กร หรือบุคคล)');
  await expect(buyer).toHaveValue('โรงพยาบาลตัวอย่าง');
  await noSeriousViolations(page);
  await atPhoneWidth(page);
  // This time it is asked for later, from the receipt: paid once, by the test card.
  await page.getByRole('checkbox', { name: 'ต้องการใบกำกับภาษีเต็มรูป' }).uncheck();
  await page.getByRole('radio', { name: /ชำระครั้งเดียว/ }).check();
  await page.getByRole('button', { name: 'ชำระเงิน ฿299' }).click();
  await expect(page.getByRole('heading', { name: 'หน้าชำระเงินทดสอบ' })).toBeVisible();
  await page.getByLabel('หมายเลขบัตร').fill('4242 4242 4242 4242');
  await page.getByLabel('วันหมดอายุ (ดด/ปป)').fill('12/30');
  await page.getByLabel('รหัส CVC').fill('123');
  await page.getByLabel('ชื่อบนบัตร').fill('HOSPITAL TEST');
  await page.getByRole('button', { name: 'ชำระ ฿299' }).click();
  await expect(page.getByRole('heading', { name: 'ชำระเงินสำเร็จ ขอบคุณค่ะ' })).toBeVisible();

  // The receipt: the form, a wrong tax ID refused at its field, then the invoice issued.
  await page.goto('/account');
  await page.getByRole('link', { name: /^RC-\d{4}-\d{6}$/ }).click();
  const card = page.getByRole('region', { name: 'ใบกำกับภาษีเต็มรูป' });
  await expect(card.getByLabel('ชื่อผู้ซื้อ (บริษัท องค์กร หรือบุคคล)')).toHaveValue('โรงพยาบาลตัวอย่าง');
  await card.getByLabel('ที่อยู่').fill('2 ถนนวังหลัง แขวงศิริราช เขตบางกอกน้อย กรุงเทพมหานคร 10700');
  await card.getByLabel('เลขประจำตัวผู้เสียภาษีอากร (13 หลัก)').fill('0994000161532');
  await card.getByRole('button', { name: 'ขอใบกำกับภาษีเต็มรูป' }).click();
  await expect(card.getByText('เลขประจำตัวผู้เสียภาษีไม่ถูกต้อง ตรวจสอบตัวเลขทั้ง 13 หลักอีกครั้ง')).toBeVisible();
  await noSeriousViolations(page);
  await atPhoneWidth(page);
  await card.getByLabel('เลขประจำตัวผู้เสียภาษีอากร (13 หลัก)').fill('0994000161531');
  await card.getByRole('button', { name: 'ขอใบกำกับภาษีเต็มรูป' }).click();
  const issued = card.getByText(/^ออกใบกำกับภาษีเลขที่ TI-\d{4}-\d{6} แล้ว/);
  await expect(issued).toBeVisible();
  const number = (await issued.textContent())!.match(/TI-\d{4}-\d{6}/)![0];
  await expect(card.getByText('สำนักงานใหญ่', { exact: false })).toBeVisible();
  await noSeriousViolations(page);
  await atPhoneWidth(page);

  // The PDF, saved under its number; and mailed.
  const file = await downloadNamed(page, `${number}.pdf`, () =>
    card.getByRole('button', { name: 'ดาวน์โหลดใบกำกับภาษี (PDF)' }).click(),
  );
  const pdf = await readFile((await file.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const mail = await mailTo(request, u.email, new RegExp(number));
  expect(mail.text).toContain('โรงพยาบาลตัวอย่าง');
  const receiptUrl = page.url();
  const orderNumber = (await page.getByText(/^RR-\d{6}-\d{6}$/).textContent())!;

  // An administrator refunds part of the order, shortening access; the credit note is issued.
  const context = await browser.newContext({ timezoneId: 'Asia/Bangkok' });
  const admin = await context.newPage();
  await admin.goto('/admin/orders');
  await loginAsAdmin(admin);
  await expect(admin.getByRole('heading', { level: 1, name: 'คำสั่งซื้อ' })).toBeVisible();
  await admin.getByLabel('ค้นหาด้วยเลขที่คำสั่งซื้อ ใบเสร็จ หรืออีเมล').fill(orderNumber);
  await admin.getByRole('button', { name: 'ค้นหา' }).click();
  await expect(admin.getByText('แสดง 1–1 จาก 1 รายการ')).toBeVisible();
  await noSeriousViolations(admin);
  await atPhoneWidth(admin);
  await admin.getByRole('link', { name: orderNumber }).click();
  await expect(admin.getByRole('heading', { level: 1, name: orderNumber })).toBeVisible();
  await expect(admin.getByText(number)).toBeVisible();
  await admin.getByLabel('จำนวนเงินที่คืน (บาท)').fill('99.00');
  await admin.getByLabel('เหตุผล (แสดงในใบลดหนี้)').fill('ระบบขัดข้อง 10 วัน');
  await admin.getByRole('radio', { name: 'ลดระยะเวลาตามสัดส่วนที่คืนเงิน' }).check();
  await noSeriousViolations(admin);
  await atPhoneWidth(admin);
  await admin.getByRole('button', { name: 'คืนเงินและออกใบลดหนี้' }).click();
  const dialog = admin.getByRole('dialog', { name: 'คืนเงิน ฿99.00?' });
  await expect(dialog).toBeVisible();
  await noSeriousViolations(admin);
  await expectToast(admin, /^คืนเงินแล้ว ออกใบลดหนี้ CN-\d{4}-\d{6}$/, () =>
    dialog.getByRole('button', { name: 'ยืนยัน' }).click(),
  );
  const refunds = admin.getByText(/^ใบลดหนี้: CN-\d{4}-\d{6}$/);
  await expect(refunds).toBeVisible();
  const creditNote = (await refunds.textContent())!.match(/CN-\d{4}-\d{6}/)![0];
  await expect(admin.getByText('฿99.00 · สำเร็จ · ลดระยะเวลาตามสัดส่วนที่คืนเงิน')).toBeVisible();
  await noSeriousViolations(admin);
  await atPhoneWidth(admin);
  await context.close();

  // The learner sees it beside the receipt, and downloads it.
  await page.goto(receiptUrl);
  const notes = page.getByRole('region', { name: 'ใบลดหนี้ (การคืนเงิน)' });
  await expect(notes.getByText(new RegExp(`^ใบลดหนี้ ${creditNote} · คืนเงิน ฿99`))).toBeVisible();
  await expect(notes.getByText('เหตุผล: ระบบขัดข้อง 10 วัน')).toBeVisible();
  await noSeriousViolations(page);
  await atPhoneWidth(page);
  const note = await downloadNamed(page, `${creditNote}.pdf`, () =>
    notes.getByRole('button', { name: `ดาวน์โหลดใบลดหนี้ ${creditNote} (PDF)` }).click(),
  );
  expect((await readFile((await note.path())!)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await page.goto('/account');
  await expect(page.getByText(`ใบกำกับภาษี ${number} · ใบลดหนี้ ${creditNote}: คืนเงิน ฿99`)).toBeVisible();
  await expect(mailTo(request, u.email, new RegExp(creditNote))).resolves.toBeTruthy();
});
