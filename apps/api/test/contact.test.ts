import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../src/db/schema.js';
import { uuidv7 } from '../src/lib/ids.js';
import { renewalReminderMail } from '../src/mail/templates.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REGISTER_MAX_PER_HOUR: '500' });
});
afterAll(() => t.close());

const contactBody = {
  phone: '081 234 5678',
  organization: 'โรงพยาบาลศิริราช',
  position: 'พยาบาล',
  province: 'TH-10',
  consent: true,
};
const guard = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/users/contact-guard', headers: bearer(token) });
const create = (token: string, body: object = contactBody) =>
  t.app.inject({ method: 'POST', url: '/api/contact/create-contact', headers: bearer(token), payload: body });

describe('contact guard', () => {
  it("is required when the learner's organisation asks for contact details, and not otherwise", async () => {
    const free = await register(t.app);
    expect((await guard(free.access_token)).json()).toEqual({
      required: false,
      askedBy: null,
      contact: null,
    });
    const orgId = uuidv7();
    await t.db.insert(organizations).values({ id: orgId, name: 'โรงพยาบาล', requiresContact: true });
    const member = await register(t.app);
    await t.db.execute(sql`update users set organization_id = ${orgId} where id = ${member.user.id}`);
    expect((await guard(member.access_token)).json()).toEqual({
      required: true,
      askedBy: 'organization',
      contact: null,
    });
    const made = await create(member.access_token, { id: 'ignored-by-the-server', ...contactBody });
    expect(made.statusCode).toBe(201);
    expect((await guard(member.access_token)).json()).toMatchObject({
      required: true,
      contact: { id: made.json().id, province: 'TH-10', organization: 'โรงพยาบาลศิริราช' },
    });
  });

  it('says who asks: the platform (CONTACT_REQUIRED) for a learner in no organisation, the organisation when it asks too', async () => {
    const platform = await createTestApp({ CONTACT_REQUIRED: 'true', REGISTER_MAX_PER_HOUR: '500' }, t);
    try {
      const alone = await register(platform.app);
      const answer = await platform.app.inject({
        url: '/api/users/contact-guard',
        headers: bearer(alone.access_token),
      });
      expect(answer.json()).toEqual({ required: true, askedBy: 'platform', contact: null });
      const orgId = uuidv7();
      await t.db.insert(organizations).values({ id: orgId, name: 'คลินิก', requiresContact: true });
      const member = await register(platform.app);
      await t.db.execute(sql`update users set organization_id = ${orgId} where id = ${member.user.id}`);
      const asked = await platform.app.inject({
        url: '/api/users/contact-guard',
        headers: bearer(member.access_token),
      });
      expect(asked.json()).toEqual({ required: true, askedBy: 'organization', contact: null });
    } finally {
      await platform.close();
    }
  });

  it('one contact per learner, however many are sent at once', async () => {
    const u = await register(t.app);
    const answers = await Promise.all(Array.from({ length: 12 }, () => create(u.access_token)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === 'ALREADY_EXISTS')).toBe(
      true,
    );
    const rows = await t.db.execute(
      sql`select count(*)::int as n from contacts where user_id = ${u.user.id}`,
    );
    expect(rows.rows[0]!.n).toBe(1);
  });

  it('refuses missing consent, an unknown province, and a bad phone, saving nothing', async () => {
    const u = await register(t.app);
    for (const body of [
      { ...contactBody, consent: false },
      { ...contactBody, province: 'Atlantis' },
      { ...contactBody, phone: 'call me' },
      { ...contactBody, organization: '' },
    ]) {
      const res = await create(u.access_token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect((await guard(u.access_token)).json().contact).toBeNull();
  });

  it('refuses a phone without six digits and a name of invisible characters only, saving nothing', async () => {
    const u = await register(t.app);
    for (const body of [
      { ...contactBody, phone: '------' },
      { ...contactBody, phone: '+      -' },
      { ...contactBody, phone: '12-34-5' },
      { ...contactBody, position: '\u200b' },
      { ...contactBody, organization: '\u200b\u200c\u2060' },
    ]) {
      const res = await create(u.access_token, body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect((await guard(u.access_token)).json().contact).toBeNull();
  });

  it("changes only the owner's contact: another learner's id is a 404 and changes nothing", async () => {
    const a = await register(t.app);
    const b = await register(t.app);
    const mine = (await create(a.access_token)).json();
    const patch = (token: string, body: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/contact/${mine.id}`,
        headers: bearer(token),
        payload: body,
      });
    const stolen = await patch(b.access_token, { position: 'hacker' });
    expect(stolen.statusCode).toBe(404);
    expect((await guard(b.access_token)).json().contact).toBeNull();
    const changed = await patch(a.access_token, { position: 'หัวหน้าพยาบาล', province: 'TH-50' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: mine.id, position: 'หัวหน้าพยาบาล', province: 'TH-50' });
    expect((await guard(a.access_token)).json().contact.position).toBe('หัวหน้าพยาบาล');
  });
});

const joinAs = (token: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/organizations/join', headers: bearer(token), payload: { code } });

describe('organisations by invite code', () => {
  it('a learner joins with the code (any letter case), watches the granted course and is asked for contact details', async () => {
    const orgId = uuidv7();
    await t.db.insert(organizations).values({
      id: orgId,
      name: 'โรงพยาบาลทดสอบ',
      requiresContact: true,
      inviteCode: `HOSP-${orgId.slice(-6).toUpperCase()}`,
    });
    const courseId = uuidv7();
    await t.db.execute(sql`insert into courses (id, slug, title, status, published_at)
      values (${courseId}, ${`granted-${courseId}`}, 'คอร์สขององค์กร', 'published', now())`);
    await t.db.execute(sql`insert into organization_courses (organization_id, course_id, kind)
      values (${orgId}, ${courseId}, 'grant')`);
    const u = await register(t.app);
    const access = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/users/check/course/${courseId}`,
          headers: bearer(u.access_token),
        })
      ).json();
    expect(await access()).toMatchObject({ canAccess: false, reason: 'none' });
    const join = (code: string) => joinAs(u.access_token, code);
    const joined = await join(`hosp-${orgId.slice(-6).toLowerCase()}`);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toEqual({
      organization: { id: orgId, name: 'โรงพยาบาลทดสอบ', requiresContact: true, seat: null },
    });
    expect(await access()).toMatchObject({ canAccess: true, reason: 'organization' });
    expect((await guard(u.access_token)).json()).toEqual({
      required: true,
      askedBy: 'organization',
      contact: null,
    });
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/users/organization',
      headers: bearer(u.access_token),
    });
    expect(mine.json().organization.id).toBe(orgId);
  });

  it('an unknown code is a 404 that changes nothing; guessing codes is throttled', async () => {
    const u = await register(t.app);
    const join = (code: string) => joinAs(u.access_token, code);
    const res = await join('NO-SUCH-CODE');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    for (let i = 0; i < 9; i++) await join(`GUESS-${i}`);
    expect((await join('GUESS-LAST')).statusCode).toBe(429);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/users/organization',
      headers: bearer(u.access_token),
    });
    expect(mine.json()).toEqual({ organization: null });
  });
});

describe('teach with us', () => {
  const apply = (body: object, ip = '10.20.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/next-instructor-form', payload: body, remoteAddress: ip });
  const application = {
    name: 'ครูสมศรี',
    email: 'somsri@example.com',
    phone: '0812345678',
    topic: 'การเงินส่วนบุคคล',
    experience: 'สอนมา 10 ปี',
  };

  it('stores an application without a login; refuses a bad one; a flood from one address is throttled', async () => {
    expect((await apply(application)).statusCode).toBe(201);
    const rows = await t.db.execute(sql`select name, topic, status from instructor_applications`);
    expect(rows.rows).toContainEqual({ name: 'ครูสมศรี', topic: 'การเงินส่วนบุคคล', status: 'new' });
    expect((await apply({ ...application, email: 'nope' })).statusCode).toBe(400);
    expect((await apply({ ...application, portfolioUrl: 'javascript:alert(1)' })).statusCode).toBe(400);
    for (let i = 0; i < 4; i++) expect((await apply(application, '10.20.0.2')).statusCode).toBe(201);
    expect((await apply(application, '10.20.0.2')).statusCode).toBe(201);
    const over = await apply(application, '10.20.0.2');
    expect(over.statusCode).toBe(429);
  });
});

describe('e-mail preferences and one-click unsubscribe', () => {
  const queued = async (to: string) =>
    (
      await t.db.execute<{ data: { subject: string; text: string; headers?: Record<string, string> } }>(
        sql`select data from pgboss.job where name = 'mail.send' and data->>'to' = ${to} order by created_on`,
      )
    ).rows.map((r) => r.data);
  const remind = (to: string) =>
    t.app.mail.send(
      renewalReminderMail(to, 'x', 'th', {
        days: 7,
        trial: false,
        planName: 'รายเดือน',
        endsAt: new Date(),
        url: 'http://rianroo.test/checkout/monthly',
      }),
    );
  const tokenOf = (m: { headers?: Record<string, string> }) =>
    /token=([^>]+)>/.exec(m.headers?.['List-Unsubscribe'] ?? '')![1]!;

  let ip = 0;
  /** A learner whose welcome mail goes out (those are limited per signing-up address). */
  const welcomed = () => register(t.app, {}, `10.30.0.${++ip}`);

  it('every mail to a learner carries a one-click unsubscribe link (RFC 8058) and a link in its text', async () => {
    const u = await welcomed();
    const [welcome] = await queued(u.email);
    expect(welcome!.headers).toMatchObject({
      'List-Unsubscribe': expect.stringMatching(/^<http:\/\/rianroo\.test\/api\/unsubscribe\?token=.+>$/),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(welcome!.text).toMatch(/ยกเลิกการรับ: http:\/\/rianroo\.test\/unsubscribe\?token=/);
  });

  it('reminders stop when the learner turns them off, on the communication page or by the link', async () => {
    const u = await register(t.app);
    await remind(u.email);
    const reminder = (await queued(u.email)).find((m) => m.subject.includes('หมดอายุ'))!;
    expect(reminder).toBeDefined();
    // One click, no login: the mail client posts the form body of RFC 8058.
    const token = tokenOf(reminder);
    const click = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(click.statusCode).toBe(200);
    expect(click.json()).toMatchObject({ kinds: ['reminders'] });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(u.access_token) });
    expect(me.json().marketing).toMatchObject({ reminders: false, news: true });
    const before = (await queued(u.email)).length;
    await remind(u.email);
    expect(await queued(u.email)).toHaveLength(before);
    // Turned back on from the communication page: the old link cannot turn it off again.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${u.user.id}`,
      headers: bearer(u.access_token),
      payload: { marketing: { reminders: true } },
    });
    const again = await t.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${token}` });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('LINK_INVALID');
    // Reopened, the spent link's page says so before offering anything to click.
    const reopened = await t.app.inject({ method: 'GET', url: `/api/unsubscribe?token=${token}` });
    expect(reopened.statusCode).toBe(400);
    expect(reopened.json().code).toBe('LINK_INVALID');
    await remind(u.email);
    expect(await queued(u.email)).toHaveLength(before + 1);
  });

  it('a link acts on its own learner only; the page can ask what it does first; forged links are refused', async () => {
    const a = await welcomed();
    const b = await welcomed();
    const [welcomeA] = await queued(a.email);
    const token = tokenOf(welcomeA!);
    const described = await t.app.inject({ method: 'GET', url: `/api/unsubscribe?token=${token}` });
    expect(described.json()).toEqual({
      kinds: ['news', 'promotions', 'reminders'],
      email: expect.stringMatching(/\*\*\*/),
    });
    expect((await t.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${token}` })).statusCode).toBe(
      200,
    );
    const marketing = async (token: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(token) })).json().marketing;
    expect(await marketing(a.access_token)).toEqual({ news: false, promotions: false, reminders: false });
    expect(await marketing(b.access_token)).toEqual({ news: true, promotions: false, reminders: true });
    for (const bad of [`${token.slice(0, -3)}abc`, 'x'.repeat(40)]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${bad}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('LINK_INVALID');
    }
  });
});
