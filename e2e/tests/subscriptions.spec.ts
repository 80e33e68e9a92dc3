import type { APIRequestContext, Page } from '@playwright/test';
import {
  contentServiceUp,
  expect,
  mailTo,
  noSeriousViolations,
  PASSWORD,
  skipPreTest,
  test,
  uniqueEmail,
} from './fixtures';

const SLUG = 'stock-investing-basics';
const LOCKED = 'ตอนนี้สำหรับสมาชิก';

interface Episode {
  id: string;
  title: string;
  isTeaser: boolean;
  locked: boolean;
  videoStatus: string | null;
}

/** The course's second episode (members only) once its demo video has been made (up to 4 minutes on a first run). */
async function membersEpisode(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const course = await (await request.get(`/api/course/get-course-by-slug/${SLUG}`, { headers })).json();
  for (const until = Date.now() + 240_000; Date.now() < until;) {
    const list = await (
      await request.post(`/api/course/${course.id}/get-episode-and-quiz`, { headers })
    ).json();
    const episode = (list.episodes as Episode[]).find((e) => !e.isTeaser)!;
    if (episode.videoStatus === 'ready') return episode;
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error(`the video of a members' episode of ${SLUG} was not made in time`);
}

const token = (page: Page) => page.evaluate(() => localStorage.getItem('token')!);

test('a visitor starts the free trial from a link and watches a members episode; it expires and locks; a renewal with a promo code by PromptPay opens it again and the receipt arrives over SMTP', async ({
  page,
  request,
}) => {
  test.setTimeout(360_000);
  // The editors' offer comes from the content service, which starts after the API.
  await contentServiceUp(request);
  // A free-trial link: an anonymous visitor is sent to register first, then comes back.
  await page.goto('/free-trial/welcome');
  await expect(page).toHaveURL(/\/register\?redirect=%2Ffree-trial%2Fwelcome/);
  const email = uniqueEmail('trial');
  await page.getByLabel(/^(ชื่อ|First name)$/).fill('ทดลอง');
  await page.getByLabel(/^(นามสกุล|Last name)$/).fill('เรียนฟรี');
  await page.getByLabel(/^(อีเมล|E-mail)$/).fill(email);
  await page.getByLabel(/^(รหัสผ่าน|Password)$/).fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /สร้างบัญชี|Create account/ }).click();
  await expect(page).toHaveURL(/\/free-trial\/welcome$/);
  await expect(page.getByRole('heading', { name: 'ทดลองเรียนฟรี 7 วัน' })).toBeVisible();
  await noSeriousViolations(page);

  // The editors' call to action goes to our checkout with cid; the trial plan starts the trial.
  await page.getByRole('link', { name: 'เริ่มทดลองเรียน' }).click();
  await expect(page).toHaveURL(/\/checkout\/trial\?cid=/);
  await page.getByRole('button', { name: 'เริ่มทดลองเรียนฟรี' }).click();
  await expect(page.getByText(/เริ่มทดลองเรียนแล้ว! ใช้ได้ถึง/)).toBeVisible();
  await noSeriousViolations(page);

  // A members' episode plays.
  const episode = await membersEpisode(request, await token(page));
  expect(episode.locked).toBe(false);
  await page.goto(`/library/course/${SLUG}`);
  await skipPreTest(page);
  await page.goto(`/library/course/${SLUG}/episode/${episode.id}`);
  await expect(page.locator('video')).toBeVisible();
  await expect(page.getByRole('heading', { name: LOCKED })).toHaveCount(0);

  // Eight days later (the jobs' clock moved for this learner): the trial has expired and the episode is locked.
  const moved = await request.post('/api/test/billing/advance-clock', { data: { email, days: 8 } });
  expect(moved.ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: LOCKED })).toBeVisible();
  await expect(page.locator('video')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'ดูแพ็กเกจสมาชิก' })).toHaveAttribute('href', '/pricing');

  // Renewal with a promo code, kept from the renewal page to checkout.
  await page.goto('/renewal?cpc=RENEW20');
  await expect(page.getByText(/หมดอายุเมื่อ/)).toBeVisible();
  await noSeriousViolations(page);
  await page.getByRole('link', { name: 'ต่ออายุเลย' }).click();
  await expect(page).toHaveURL(/\/checkout\/annual\?.*cpc=RENEW20/);
  await expect(page.getByText('ส่วนลด (RENEW20)')).toBeVisible();
  await expect(page.getByTestId('checkout-total')).toHaveText('฿2,392');
  await expect(page.getByText(`(${email})`)).toBeVisible();
  await noSeriousViolations(page);
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // Paying by PromptPay is paying once (automatic renewal is by card).
  await page.getByRole('radio', { name: /ชำระครั้งเดียว/ }).check();
  await page.getByRole('button', { name: 'ชำระเงิน ฿2,392' }).click();

  // The sandbox's payment page: PromptPay, confirmed as the banking app would.
  await expect(page.getByRole('heading', { name: 'หน้าชำระเงินทดสอบ' })).toBeVisible();
  await expect(page.getByRole('img', { name: /สแกน QR นี้ด้วยแอปธนาคาร/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await noSeriousViolations(page);
  const orderNumber = (await page.getByText(/คำสั่งซื้อ RR-/).textContent())!.match(/RR-\d{6}-\d{6}/)![0];
  await page.getByRole('button', { name: 'จำลองการชำระผ่านแอปธนาคาร' }).click();
  await expect(page.getByRole('heading', { name: 'ชำระเงินสำเร็จ ขอบคุณค่ะ' })).toBeVisible();
  await noSeriousViolations(page);
  // Tokens saved again, the user reloaded: the annual flag is stored at once.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('boughtAnnual'))).toBe('true');

  // The episode plays again.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/library/course/${SLUG}/episode/${episode.id}`);
  await expect(page.locator('video')).toBeVisible();

  // The receipt, over SMTP: the amount, the VAT line and the order number.
  const mail = await mailTo(request, email, /ใบเสร็จรับเงิน/);
  expect(mail.text).toContain(orderNumber);
  expect(mail.text).toContain('2,392.00');
  expect(mail.text).toContain('รวมภาษีมูลค่าเพิ่ม 7% 156.49');
  await page.goto('/account');
  const receiptLink = page.getByRole('link', { name: /^RC-\d{4}-\d{6}$/ });
  await receiptLink.click();
  await expect(page.getByText('ราคานี้รวมภาษีมูลค่าเพิ่ม 7% แล้ว', { exact: false })).toBeVisible();
  await noSeriousViolations(page);
});

test('the public pricing page shows the plans in baht to a visitor; checkout asks them to log in and comes back', async ({
  page,
}) => {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { name: 'รายปี' })).toBeVisible();
  await expect(page.getByText('฿2,990')).toBeVisible();
  await noSeriousViolations(page);
  await page.getByRole('link', { name: 'เลือกแพ็กเกจรายปี' }).click();
  await expect(page).toHaveURL(/\/checkout\/annual$/);
  await page.getByRole('link', { name: 'เข้าสู่ระบบเพื่อชำระเงิน' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcheckout%2Fannual/);
  await noSeriousViolations(page);
});
