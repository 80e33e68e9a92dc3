import { randomUUID } from 'node:crypto';
import {
  adminApi,
  expect,
  expectToast,
  fitsTheScreen,
  loginAsAdmin,
  noSeriousViolations,
  registerByApi,
  test,
  withTokens,
} from './fixtures';

test('an administrator grants an organisation two seats on a phone; of three members joining, two hold a seat and may watch, the third waits, and the manager sees it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await adminApi(request);
  const code = `SEAT${randomUUID().slice(0, 6).toUpperCase()}`;
  const orgName = `บริษัทที่นั่ง ${code}`;
  const org = await admin<{ id: string }>('/organizations', {
    name: orgName,
    requiresContact: false,
    inviteCode: code,
    ssoProvider: null,
    emailDomains: [],
  });
  const manager = await registerByApi(request, 'org-seats-manager');
  await admin(`/organizations/${org.id}/managers`, { email: manager.email });

  // The administrator, 360 px wide: an empty count is named in Thai, then two seats until a year from now.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/admin/organizations/${org.id}`);
  await loginAsAdmin(page);
  const seats = page.getByRole('form', { name: 'ที่นั่ง' });
  await expect(page.getByText('องค์กรนี้ยังไม่มีที่นั่ง')).toBeVisible();
  await seats.getByRole('button', { name: 'บันทึกที่นั่ง' }).click();
  await expect(seats.getByText('กรุณากรอกจำนวนที่นั่ง')).toBeVisible();
  await expect(seats.getByLabel('จำนวนที่นั่ง')).toBeFocused();
  await seats.getByLabel('จำนวนที่นั่ง').fill('2');
  const nextYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  await seats.getByLabel('วันสุดท้ายของที่นั่ง').fill(nextYear);
  await expectToast(page, 'บันทึกที่นั่งแล้ว', () => seats.getByRole('button', { name: 'บันทึกที่นั่ง' }).click());
  await expect(page.getByTestId('seat-summary')).toContainText('ใช้แล้ว 0 จาก 2 ที่นั่ง');
  await fitsTheScreen(page);
  await noSeriousViolations(page);

  // Three learners join by the invite code, one after another: the first two take the seats.
  const members = [];
  for (const tag of ['a', 'b', 'c']) {
    const m = await registerByApi(request, `org-seats-${tag}`);
    const joined = await request.post('/api/organizations/join', {
      headers: { authorization: `Bearer ${m.access_token}` },
      data: { code },
    });
    expect(joined.status(), await joined.text()).toBe(200);
    members.push(m);
  }
  const { courses } = (await (await request.get('/api/courses')).json()) as {
    courses: { id: string; free: boolean }[];
  };
  const paid = courses.find((c) => !c.free)!;
  const access = async (token: string) =>
    (
      await request.get(`/api/users/check/course/${paid.id}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
  expect(await access(members[0]!.access_token)).toMatchObject({ canAccess: true, reason: 'organization' });
  expect(await access(members[2]!.access_token)).toMatchObject({ canAccess: false, reason: 'none' });

  // The manager sees the seats held and the member waiting, on the overview and in the members list.
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const orgPage = await context.newPage();
  await withTokens(orgPage, manager);
  await orgPage.goto(`/org/${org.id}`);
  await expect(orgPage.getByTestId('org-seats')).toContainText('ใช้แล้ว 2 จาก 2 ที่นั่ง');
  await expect(orgPage.getByText(/สมาชิก 1 คนยังรอที่นั่ง/)).toBeVisible();
  await fitsTheScreen(orgPage);
  await noSeriousViolations(orgPage);
  await orgPage.goto(`/org/${org.id}/members`);
  await expect(orgPage.getByText('มีที่นั่ง', { exact: true })).toHaveCount(2);
  await expect(orgPage.getByText('รอที่นั่ง', { exact: true })).toHaveCount(1);
  await context.close();

  // The third member's account page says they wait for a seat, and how they will get one.
  const learner = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const accountPage = await learner.newPage();
  await withTokens(accountPage, members[2]!);
  await accountPage.goto('/account');
  await expect(accountPage.getByText(/ที่นั่งขององค์กรมีผู้ใช้ครบแล้ว/)).toBeVisible();
  await learner.close();
});
