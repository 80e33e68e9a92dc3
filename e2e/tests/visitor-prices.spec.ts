import type { APIRequestContext } from '@playwright/test';
import { expect, fitsTheScreen, noSeriousViolations, platformDb, registerByApi, test } from './fixtures';

/*
 * Issue 33: a visitor (never signed in) finds what membership costs from the header, on the home page, on every
 * course card and on a course page, and sees a course's rating once enough learners have given one. Prices are
 * read from the plans on sale (`GET /api/plans`), as the pages read them.
 */

const RATED = 'mindful-living';
const FREE = 'personal-finance-101';
/** The demo evaluation form's two rating questions (apps/api/src/startup/seed-assessments.ts). */
const RATING_QUESTIONS = ['0193a000-0000-7000-8000-000000000e01', '0193a000-0000-7000-8000-000000000e02'];

type Plan = { code: string; interval: string; intervalCount: number; priceSatang: number };
const baht = (satang: number) =>
  new Intl.NumberFormat('th-TH', {
    style: 'currency',
    currency: 'THB',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: satang % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(satang / 100);

async function plansOnSale(request: APIRequestContext) {
  const plans = (await (await request.get('/api/plans')).json()) as Plan[];
  const monthly = plans.find((p) => p.interval === 'month')!;
  const annual = plans.find((p) => p.interval === 'year')!;
  const trial = plans.find((p) => p.interval === 'trial')!;
  expect(monthly && annual && trial, 'the demo sells a trial, a monthly and an annual plan').toBeTruthy();
  return { monthly, annual, trial, membersWords: `สำหรับสมาชิก · เริ่มต้น ${baht(monthly.priceSatang)}/เดือน` };
}

/**
 * Five learners' evaluations of a course, as the evaluation form stores them (one per learner and course), put
 * straight into the database: finishing a course five times over through the player is not what this test is
 * about (apps/api/test/course-ratings.test.ts evaluates through the API).
 */
async function fiveRatings(request: APIRequestContext, slug: string) {
  const course = (await (await request.get(`/api/courses/${slug}`)).json()).course as { id: string };
  const db = await platformDb();
  try {
    for (const [overall, teaching] of [
      [5, 4],
      [4, 4],
      [5, 5],
      [4, 3],
      [5, 4],
    ]) {
      const learner = await registerByApi(request, 'rating');
      await db.query(
        `insert into course_evaluations (id, user_id, course_id, answers) values (gen_random_uuid(), $1, $2, $3::jsonb)`,
        [
          learner.user.id,
          course.id,
          JSON.stringify([
            { questionId: RATING_QUESTIONS[0], rating: overall },
            { questionId: RATING_QUESTIONS[1], rating: teaching },
          ]),
        ],
      );
    }
  } finally {
    await db.end();
  }
  const rating = (await (await request.get(`/api/courses/${slug}`)).json()).course.rating as {
    average: number;
    count: number;
  } | null;
  expect(rating, 'five ratings or more are shown').not.toBeNull();
  return rating!;
}

test('a visitor finds the prices from the header, on the home page, on every course card and on a course page with its rating', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { monthly, annual, trial, membersWords } = await plansOnSale(request);
  const rating = await fiveRatings(request, RATED);
  const ratingWords = `${rating.average.toFixed(1)} จาก 5 (${rating.count} คะแนน)`;

  // The home page: the plans' prices, each with the way to its checkout.
  await page.goto('/');
  const plans = page.getByRole('region', { name: 'แพ็กเกจสมาชิก' });
  await expect(plans.getByText(baht(monthly.priceSatang), { exact: true })).toBeVisible();
  await expect(plans.getByText(baht(annual.priceSatang), { exact: true })).toBeVisible();
  await expect(plans.getByText(`ฟรี ${trial.intervalCount} วัน`, { exact: true })).toBeVisible();
  await expect(plans.getByText(/^ประหยัดกว่ารายเดือน \d+%$/)).toBeVisible();
  await expect(plans.getByRole('link', { name: 'เริ่มทดลองเรียนฟรี' })).toHaveAttribute(
    'href',
    new RegExp(`/checkout/${trial.code}$`),
  );
  await noSeriousViolations(page);

  // The header's pricing link, to the plans.
  await page.getByRole('navigation', { name: 'เมนู' }).getByRole('link', { name: 'ราคา' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'แพ็กเกจสมาชิก' })).toBeVisible();
  await expect(page.getByText(baht(annual.priceSatang), { exact: true })).toBeVisible();
  await noSeriousViolations(page);
  await expect(
    page.getByRole('navigation', { name: 'ลิงก์ท้ายหน้า' }).getByRole('link', { name: 'ราคา' }),
  ).toHaveAttribute('href', '/pricing');

  // The catalogue, as the server draws it before any script: the same words in its plain HTML.
  const served = await (await request.get('/courses')).text();
  expect(served).toContain(`${membersWords} · ★ ${ratingWords}</p>`);
  expect(served).toContain('<p>ฟรี</p>');

  // The catalogue: every card says what it costs; ordered by rating, the rated course comes first.
  await page.goto('/courses');
  const card = (title: string) =>
    page.getByRole('article').filter({ has: page.getByRole('link', { name: title }) });
  await expect(card('วางแผนการเงินส่วนบุคคลฉบับเริ่มต้น').getByText('ฟรี', { exact: true })).toBeVisible();
  await expect(card('ลงทุนหุ้นไทยสำหรับมือใหม่').getByText(membersWords)).toBeVisible();
  await expect(card('ฝึกสติในชีวิตประจำวัน').getByText(ratingWords)).toBeVisible();
  await page.getByRole('combobox', { name: 'เรียงตาม' }).selectOption('rating');
  await expect(page).toHaveURL(/\/courses\?sort=rating$/);
  await expect(
    page.getByRole('article').first().getByRole('link', { name: 'ฝึกสติในชีวิตประจำวัน' }),
  ).toBeVisible();
  await noSeriousViolations(page);

  // A members' course page: its price words and its rating; the free course's page says free.
  await card('ฝึกสติในชีวิตประจำวัน').getByRole('link', { name: 'ฝึกสติในชีวิตประจำวัน' }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${RATED}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'ฝึกสติในชีวิตประจำวัน' })).toBeVisible();
  await expect(page.getByText(membersWords)).toBeVisible();
  await expect(page.getByText(ratingWords)).toBeVisible();
  await noSeriousViolations(page);
  await page.goto(`/courses/${FREE}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('ฟรี', { exact: true })).toBeVisible();
});

test('at 360 px the header opens a menu with the pricing link, and no screen of prices scrolls sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await page.getByRole('button', { name: 'เมนู' }).click();
  const menu = page.locator('#mobile-menu');
  await menu.getByRole('link', { name: 'ราคา' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'แพ็กเกจสมาชิก' })).toBeVisible();
  await fitsTheScreen(page);
  await noSeriousViolations(page);
  for (const url of ['/', '/courses?sort=rating', `/courses/${RATED}`]) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/สำหรับสมาชิก/).first()).toBeVisible();
    await fitsTheScreen(page, url);
  }
});
