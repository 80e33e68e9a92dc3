import { expect, PASSWORD, playThrough, registerByApi, loginInPage, test } from './fixtures';

test('the catalogue finds a Thai word inside a title, filters by level, and opens the course page', async ({
  page,
  request,
}) => {
  // The six demo courses, and any a console test has published meanwhile (the browser tests share one platform).
  const { total } = (await (await request.get('/api/courses?')).json()) as { total: number };
  expect(total).toBeGreaterThanOrEqual(6);
  await page.goto('/courses');
  // The app's own page, not the server's drawing of it (whose plain form has no script to follow a choice).
  await expect(page.locator('.boot-page')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'คอร์สทั้งหมด' })).toBeVisible();
  await expect(page.getByText(`${total} คอร์ส`)).toBeVisible();
  // The level filter: two of the six demo courses are intermediate, none advanced.
  const level = page.getByLabel('ระดับ');
  await level.selectOption('intermediate');
  await expect(page).toHaveURL(/level=intermediate/);
  await expect(page.getByText('2 คอร์ส')).toBeVisible();
  await expect(page.getByRole('link', { name: 'วิเคราะห์ข้อมูลด้วย Excel' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'วางแผนการเงินส่วนบุคคลฉบับเริ่มต้น' })).toHaveCount(0);
  await level.selectOption('advanced');
  await expect(page.getByText(/ไม่พบคอร์สที่ตรงกับการค้นหา/)).toBeVisible();
  await level.selectOption('');
  await expect(page.getByText(`${total} คอร์ส`)).toBeVisible();
  await page.getByRole('searchbox').fill('หุ้น');
  await expect(page).toHaveURL(/q=%E0%B8%AB/);
  await expect(page.getByText('1 คอร์ส')).toBeVisible();
  await page.getByRole('link', { name: 'ลงทุนหุ้นไทยสำหรับมือใหม่' }).click();
  await expect(page).toHaveURL('/courses/stock-investing-basics');
  await expect(page.getByRole('heading', { name: 'ลงทุนหุ้นไทยสำหรับมือใหม่' })).toBeVisible();
  await expect(page.getByText('ดูตัวอย่างฟรี')).toHaveCount(1);
  // The members' episodes (the price words, "สำหรับสมาชิก · เริ่มต้น ฿…/เดือน", say it once more).
  await expect(page.getByText('สำหรับสมาชิก', { exact: true })).toHaveCount(4);
  await expect(page.getByRole('heading', { name: 'สิ่งที่คุณจะได้รับ' })).toBeVisible();
  const team = page.getByRole('region', { name: 'ทีมผู้สอน' });
  await expect(team.getByText('ธนวัฒน์ กิตติพงศ์')).toBeVisible();
  await expect(team.getByText('นักวิเคราะห์หลักทรัพย์')).toBeVisible();
  // Signing up from here comes back into this course.
  await expect(page.getByRole('link', { name: 'สมัครเพื่อเริ่มเรียน' })).toHaveAttribute(
    'href',
    `/register?redirect=${encodeURIComponent('/library/course/stock-investing-basics')}`,
  );
  await page.goto('/courses?q=zzzz-nothing');
  await expect(page.getByText(/ไม่พบคอร์สที่ตรงกับการค้นหา/)).toBeVisible();
  await page.goto('/courses/no-such-course');
  await expect(page.getByText('ไม่พบคอร์สนี้ หรือคอร์สยังไม่เปิดให้เรียน')).toBeVisible();
});

test('a catalogue link with a level the site does not have lists every course (as a bad page number does), not a dead-end error', async ({
  page,
  request,
}) => {
  const { total } = (await (await request.get('/api/courses?')).json()) as { total: number };
  // An old or hand-edited link: ?page=abc is taken as the first page, ?level=expert as all levels.
  await page.goto('/courses?level=expert');
  await expect(page.locator('.boot-page')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'คอร์สทั้งหมด' })).toBeVisible();
  await expect(page.getByText(`${total} คอร์ส`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'ลงทุนหุ้นไทยสำหรับมือใหม่' })).toBeVisible();
  const level = page.getByLabel('ระดับ');
  await expect(level).toHaveValue('');
  // The app has it (the server's form would not move without its button), and no error is shown.
  await level.selectOption('intermediate');
  await expect(page).toHaveURL(/level=intermediate/);
  await expect(page.getByText('2 คอร์ส')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the library shows where I stopped and my courses with progress', async ({ page, request }) => {
  const u = await registerByApi(request, 'library');
  const search = await (await request.get('/api/courses?q=' + encodeURIComponent('ออมเงิน'))).json();
  const course = search.courses[0];
  const outline = await (await request.get(`/api/courses/${course.slug}`)).json();
  const headers = { authorization: `Bearer ${u.access_token}` };
  // The first episode played to its end, the second up to 0:20.
  await playThrough(request, headers, course.id, outline.episodes.slice(0, 1));
  const res = await request.post('/api/users/on-going-episode', {
    headers,
    data: {
      course_id: course.id,
      episode_id: outline.episodes[1].id,
      last_second: 20,
      playedRanges: [[0, 20]],
    },
  });
  expect(res.status()).toBe(200);
  await page.goto('/login');
  await loginInPage(page, u.email, PASSWORD);
  await expect(page).toHaveURL('/library');
  await expect(page.getByText('เรียนต่อจากที่ค้างไว้')).toBeVisible();
  await expect(page.getByText(`${outline.episodes[1].title} · ดูถึง 0:20`)).toBeVisible();
  const mine = page.getByRole('region', { name: 'คอร์สที่กำลังเรียน' });
  await expect(mine.getByRole('link', { name: course.title, exact: true })).toBeVisible();
  await expect(mine.getByRole('link', { name: `ดูต่อ : ${course.title}` })).toBeVisible();
  await expect(mine.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
});
