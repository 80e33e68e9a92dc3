import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  adminApi,
  downloadNamed,
  expect,
  fitsTheScreen,
  mailTo,
  noSeriousViolations,
  PASSWORD,
  test,
  uniqueEmail,
  withTokens,
  registerByApi,
} from './fixtures';

test('an administrator makes a manager, who invites three people; one joins by the mailed link, shows among the members, and the report downloads as CSV and XLSX', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  // The administrator creates the organisation and makes a registered user its manager (through the API).
  const admin = await adminApi(request);
  const orgName = `บริษัทเชิญ ${randomUUID().slice(0, 6)}`;
  const org = await admin<{ id: string }>('/organizations', {
    name: orgName,
    requiresContact: false,
    inviteCode: null,
    ssoProvider: null,
    emailDomains: [],
  });
  const manager = await registerByApi(request, 'org-console-manager');
  await admin(`/organizations/${org.id}/managers`, { email: manager.email });

  // The manager, on a phone-wide screen, goes straight into the console and invites three addresses.
  await page.setViewportSize({ width: 360, height: 800 });
  await withTokens(page, manager);
  await page.goto('/library');
  await page.getByRole('button', { name: /^(เมนู|Menu)/ }).click();
  await page.getByRole('link', { name: 'จัดการองค์กร' }).click();
  await expect(page.getByRole('heading', { name: orgName })).toBeVisible();
  await page.goto(`/org/${org.id}/invites`);
  const invited = [uniqueEmail('org-invitee'), uniqueEmail('org-invitee'), uniqueEmail('org-invitee')];
  await page.getByLabel('อีเมลที่จะเชิญ').fill(`${invited.join('\n')}\nnot-an-address`);
  await page.getByRole('button', { name: 'ส่งคำเชิญ' }).click();
  const results = page.getByRole('region', { name: 'ผลการเชิญแต่ละบรรทัด' });
  await expect(results.getByText('ส่งคำเชิญแล้ว 3 รายการ')).toBeVisible();
  await expect(results.getByText(/บรรทัด 4: not-an-address — อีเมลไม่ถูกต้อง/)).toBeVisible();
  await expect(page.getByText(invited[0]!, { exact: true })).toBeVisible();
  await fitsTheScreen(page);
  await noSeriousViolations(page);

  // The first invitee signs up and accepts by the link in the mail.
  const mail = await mailTo(request, invited[0]!, /คำเชิญ/);
  const link = /\/org-invite\/[A-Za-z0-9_-]+/.exec(mail.text)![0];
  const signUp = await request.post('/api/users', {
    data: {
      email: invited[0],
      password: PASSWORD,
      firstName: 'ผู้ได้รับเชิญ',
      lastName: 'หนึ่ง',
      acceptTerms: true,
      device: { id: `org-invitee-${randomUUID()}`, name: 'Playwright API' },
    },
  });
  expect(signUp.status()).toBe(201);
  const invitee = await signUp.json();
  const inviteeContext = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const inviteePage = await inviteeContext.newPage();
  await withTokens(inviteePage, invitee);
  await inviteePage.goto(link);
  await inviteePage.getByRole('button', { name: 'ตอบรับคำเชิญ' }).click();
  await expect(inviteePage.getByText(`คุณเข้าร่วม ${orgName} แล้ว`, { exact: false })).toBeVisible();
  await fitsTheScreen(inviteePage);
  await noSeriousViolations(inviteePage);
  await inviteeContext.close();

  // The manager finds them among the members, joined by the invitation, and downloads the report.
  await page.goto(`/org/${org.id}/members`);
  const card = page.getByRole('article', { name: /ผู้ได้รับเชิญ/ });
  await expect(card.getByText(invited[0]!)).toBeVisible();
  await expect(card.getByText('คำเชิญทางอีเมล')).toBeVisible();
  await fitsTheScreen(page);
  await noSeriousViolations(page);
  const csv = await downloadNamed(page, /\.csv$/, () =>
    page.getByRole('button', { name: 'ดาวน์โหลด CSV' }).click(),
  );
  const text = await readFile((await csv.path())!, 'utf8');
  expect(text).toContain(invited[0]!);
  expect(text).not.toContain(invited[1]!);
  const xlsx = await downloadNamed(page, /\.xlsx$/, () =>
    page.getByRole('button', { name: 'ดาวน์โหลด Excel (XLSX)' }).click(),
  );
  // An XLSX file is a ZIP archive.
  expect((await readFile((await xlsx.path())!)).subarray(0, 2).toString('latin1')).toBe('PK');
});
