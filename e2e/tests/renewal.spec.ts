import type { APIRequestContext, Page } from '@playwright/test';
import {
  expect,
  expectToast,
  fitsTheScreen,
  noSeriousViolations,
  registerByApi,
  test,
  withTokens,
} from './fixtures';

// The pages show dates on the learner's calendar: the business's, Bangkok's.
test.use({ timezoneId: 'Asia/Bangkok' });

const BANGKOK = 'Asia/Bangkok';
/** A date as the Thai pages write it: Buddhist era, Bangkok's day. */
const thaiDate = (iso: string) =>
  new Intl.DateTimeFormat('th-TH-u-ca-buddhist', { dateStyle: 'long', timeZone: BANGKOK }).format(
    new Date(iso),
  );
const englishDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: BANGKOK }).format(new Date(iso));
/** Year, month (1-12) and day of an instant on Bangkok's calendar. */
function bangkokDay(iso: string) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: BANGKOK,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(new Date(iso));
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

const mySubscription = async (request: APIRequestContext, token: string) =>
  (await request.get('/api/my-subscription', { headers: { authorization: `Bearer ${token}` } })).json();

/** At a phone's 360 px: nothing wider than the screen; then back to the desktop. */
async function atPhoneWidth(page: Page) {
  await page.setViewportSize({ width: 360, height: 740 });
  await fitsTheScreen(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('หมายเลขบัตร').fill(number);
  await page.getByLabel('วันหมดอายุ (ดด/ปป)').fill('12/30');
  await page.getByLabel('รหัส CVC').fill('123');
  await page.getByLabel('ชื่อบนบัตร').fill('RENEW TEST');
}

test('a learner buys the monthly plan with automatic renewal by card; the account page says when it renews, for how much and with which card; cancel ends it at the period’s end, resume renews again; the card is changed on the card page', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const u = await registerByApi(request, 'renew');
  await withTokens(page, u);

  // Checkout: automatic renewal by card is the default, and the page says exactly what happens at the end.
  await page.goto('/checkout/monthly');
  await expect(page.getByRole('radio', { name: /ต่ออายุอัตโนมัติด้วยบัตร/ })).toBeChecked();
  const terms = page.getByTestId('renewal-terms');
  await expect(terms).toHaveText(/^ต่ออายุอัตโนมัติวันที่ \d{1,2} \S+ 25\d\d ราคา ฿299 ยกเลิกได้ทุกเมื่อ$/);
  await page.getByRole('radio', { name: /ชำระครั้งเดียว/ }).check();
  await expect(terms).toHaveText(/^สิ้นสุดวันที่ \d{1,2} \S+ 25\d\d เราจะแจ้งเตือนก่อนหมดอายุ$/);
  await page.getByRole('radio', { name: /ต่ออายุอัตโนมัติด้วยบัตร/ }).check();
  await noSeriousViolations(page);
  await atPhoneWidth(page);
  await page.getByRole('button', { name: 'ชำระเงิน ฿299' }).click();

  // The sandbox's page: cards only (PromptPay cannot renew automatically), the test card 4242.
  await expect(page.getByRole('heading', { name: 'หน้าชำระเงินทดสอบ' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'พร้อมเพย์ต่ออายุอัตโนมัติไม่ได้' })).toBeVisible();
  await expect(page.getByRole('img', { name: /สแกน QR นี้/ })).toHaveCount(0);
  await expect(page.getByText(/4000 0000 0000 0341/)).toBeVisible();
  await noSeriousViolations(page);
  await atPhoneWidth(page);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'ชำระ ฿299' }).click();
  await expect(page.getByRole('heading', { name: 'ชำระเงินสำเร็จ ขอบคุณค่ะ' })).toBeVisible();

  // The subscription renews a calendar month after it started (Bangkok's calendar), by the saved card.
  const sub = await mySubscription(request, u.access_token);
  expect(sub).toMatchObject({
    renewal: 'automatic',
    renewalAmountSatang: 29_900,
    card: { last4: '4242' },
    paymentFailed: false,
  });
  const start = bangkokDay(sub.currentPeriodStart);
  const renews = bangkokDay(sub.renewsAt);
  const next = start.month === 12 ? { year: start.year + 1, month: 1 } : { ...start, month: start.month + 1 };
  const daysInNext = new Date(Date.UTC(next.year, next.month, 0)).getUTCDate();
  expect(renews).toEqual({ year: next.year, month: next.month, day: Math.min(start.day, daysInNext) });
  const renewsOn = thaiDate(sub.renewsAt);
  const endsOn = thaiDate(sub.currentPeriodEnd);

  // The account page: when, how much, which card.
  await page.goto('/account');
  const said = page.getByTestId('renewal-terms');
  await expect(said).toHaveText(`ต่ออายุอัตโนมัติวันที่ ${renewsOn} ราคา ฿299 (บัตร •••• 4242)`);
  await noSeriousViolations(page);
  await atPhoneWidth(page);

  // Cancel: renewal stops at the period's end, access stays until then.
  await page.getByRole('button', { name: 'ยกเลิกการต่ออายุ' }).click();
  const dialog = page.getByRole('dialog', { name: 'ยกเลิกการต่ออายุอัตโนมัติ?' });
  await expect(dialog).toContainText(`คุณยังเรียนได้ทุกคอร์สจนถึง ${endsOn}`);
  await expectToast(page, 'ยกเลิกการต่ออายุแล้ว ใช้งานได้ถึงวันสิ้นสุด', () =>
    dialog.getByRole('button', { name: 'ยกเลิกการต่ออายุ' }).click(),
  );
  await expect(said).toHaveText(`สิ้นสุดวันที่ ${endsOn}`);
  await page.reload();
  await expect(said).toHaveText(`สิ้นสุดวันที่ ${endsOn}`);
  expect(await mySubscription(request, u.access_token)).toMatchObject({
    status: 'canceled',
    renewal: 'off',
    givesAccess: true,
  });

  // Resume before the end: it renews automatically again.
  await page.getByRole('button', { name: 'ต่ออายุอัตโนมัติอีกครั้ง' }).click();
  await expect(said).toHaveText(`ต่ออายุอัตโนมัติวันที่ ${renewsOn} ราคา ฿299 (บัตร •••• 4242)`);
  await page.reload();
  await expect(said).toHaveText(`ต่ออายุอัตโนมัติวันที่ ${renewsOn} ราคา ฿299 (บัตร •••• 4242)`);

  // In English: the Gregorian calendar.
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();
  await expect(said).toHaveText(
    `Renews automatically on ${englishDate(sub.renewsAt)} at ฿299 (card •••• 4242)`,
  );
  await page.evaluate(() => localStorage.setItem('lang', 'th'));
  await page.reload();

  // Change the card: the sandbox's card session is this site's card page.
  await page.getByRole('button', { name: 'เปลี่ยนบัตร' }).click();
  await expect(page).toHaveURL(/\/account\/card$/);
  await expect(page.getByRole('heading', { name: 'บัตรสำหรับต่ออายุอัตโนมัติ' })).toBeVisible();
  await expect(page.getByText('บัตรปัจจุบัน: visa •••• 4242')).toBeVisible();
  await noSeriousViolations(page);
  await atPhoneWidth(page);
  // A declined card changes nothing and says so.
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'บันทึกบัตร' }).click();
  await expect(page.getByText(/บัตรนี้ถูกปฏิเสธ/)).toBeVisible();
  await expect(page).toHaveURL(/\/account\/card$/);
  await fillCard(page, '4000 0000 0000 0341');
  await expectToast(page, 'บันทึกบัตรแล้ว', () => page.getByRole('button', { name: 'บันทึกบัตร' }).click());
  await expect(page).toHaveURL(/\/account$/);
  await expect(said).toHaveText(`ต่ออายุอัตโนมัติวันที่ ${renewsOn} ราคา ฿299 (บัตร •••• 0341)`);
});
