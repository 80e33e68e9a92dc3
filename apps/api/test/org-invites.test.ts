import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/errors.js';
import { uuidv7 } from '../src/lib/ids.js';
import { OrgInvitesService } from '../src/modules/organisations/index.js';
import { bearer, createTestApp, register, uniqueEmail, type TestApp } from './helpers.js';
import { latestMail } from './mail-helpers.js';

/**
 * Invitations to an organisation: a list or a CSV file's text with a result per line, the mail and its link,
 * sending again, withdrawing, expiry (the clock moved), and accepting by the link's token: it joins once,
 * however many times it is sent at once.
 */
let t: TestApp;
let orgId = '';
let otherOrg = '';
let manager = '';
let managerId = '';

const q = (text: string, values: unknown[] = []) => t.db.$client.query(text, values);
const invite = (text: string, role?: 'member' | 'manager') =>
  t.app.inject({
    method: 'POST',
    url: `/api/org/${orgId}/invites`,
    headers: bearer(manager),
    payload: { text, ...(role ? { role } : {}) },
  });
const accept = (token: string, userToken: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/org-invites/accept',
    headers: bearer(userToken),
    payload: { token },
  });
/** The token of the newest invitation mailed to `email`. */
async function mailedToken(email: string) {
  const mail = await latestMail(t, email, 30_000, /Rianroo/);
  const m = /\/org-invite\/([A-Za-z0-9_-]{20,})/.exec(mail.text);
  if (!m) throw new Error(`no invitation link in ${mail.text}`);
  await q('delete from dev_mail where "to" = $1', [email]);
  return m[1]!;
}
const inviteIdOf = async (email: string) =>
  (
    await q(
      'select id from organization_invites where organization_id = $1 and lower(email) = $2 order by created_at desc',
      [orgId, email],
    )
  ).rows[0].id as string;

beforeAll(async () => {
  t = await createTestApp();
  orgId = uuidv7();
  otherOrg = uuidv7();
  await q(`insert into organizations (id, name) values ($1, 'โรงพยาบาลเชิญ'), ($2, 'ที่อื่น')`, [orgId, otherOrg]);
  const m = await register(t.app);
  manager = m.access_token;
  managerId = m.user.id;
  await q('insert into organization_managers (organization_id, user_id) values ($1, $2)', [orgId, m.user.id]);
});
afterAll(() => t?.close());

describe('inviting from a list or a CSV file', () => {
  it('answers a result per line: invalid, already a member, already invited, duplicate, invited', async () => {
    const member = await register(t.app);
    await q('update users set organization_id = $2 where id = $1', [member.user.id, orgId]);
    const a = uniqueEmail('csv-a');
    const b = uniqueEmail('csv-b');
    const first = await invite(b);
    expect(first.json()).toMatchObject({ invited: 1 });
    const csv = `email\r\n${a.toUpperCase()},สมชาย\r\nnot-an-address\r\n\r\n"${a}"\r\n${member.email}\r\n${b};x\r\n`;
    const res = await invite(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      invited: 1,
      lines: [
        { line: 2, email: a, outcome: 'invited' },
        { line: 3, email: 'not-an-address', outcome: 'invalid' },
        { line: 5, email: a, outcome: 'duplicate' },
        { line: 6, email: member.email, outcome: 'member' },
        { line: 7, email: b, outcome: 'invited_already' },
      ],
    });
    expect(await mailedToken(a)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const open = await q('select count(*)::int as n from organization_invites where organization_id = $1', [
      orgId,
    ]);
    expect(open.rows[0]).toEqual({ n: 2 });
  });

  it('refuses an empty list with a 400 and lists invitations by status', async () => {
    expect((await invite('\n \n')).statusCode).toBe(400);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/org/${orgId}/invites?status=open`,
      headers: bearer(manager),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.every((i: { status: string }) => i.status === 'open')).toBe(true);
    expect(list.json().total).toBeGreaterThanOrEqual(2);
  });

  it('refuses more invitations in a day than the organisation may send (429), sending none of them', async () => {
    const capped = new OrgInvitesService({ db: t.db, config: t.config, mail: t.app.mail, perDay: 3 });
    const other = uuidv7();
    await q(`insert into organizations (id, name) values ($1, 'จำกัด')`, [other]);
    const two = [uniqueEmail('cap'), uniqueEmail('cap')];
    expect((await capped.invite(managerId, other, { text: two.join('\n') })).invited).toBe(2);
    const over = await capped
      .invite(managerId, other, { text: [uniqueEmail('cap'), uniqueEmail('cap')].join('\n') })
      .catch((e: unknown) => e);
    expect((over as AppError).code).toBe('RATE_LIMITED');
    const made = await q('select count(*)::int as n from organization_invites where organization_id = $1', [
      other,
    ]);
    expect(made.rows[0]).toEqual({ n: 2 });
  });

  it('the same address invited twice at once gets one invitation', async () => {
    const c = uniqueEmail('race');
    const all = await Promise.all(Array.from({ length: 10 }, () => invite(c)));
    expect(all.map((r) => r.json().invited).reduce((x, y) => x + y, 0)).toBe(1);
  });
});

describe('sending again and withdrawing', () => {
  it('a resend mails a new link (the old one stops working), a few times at most', async () => {
    const email = uniqueEmail('resend');
    await invite(email);
    const old = await mailedToken(email);
    const id = await inviteIdOf(email);
    const resend = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/org/${orgId}/invites/${id}/resend`,
        headers: bearer(manager),
      });
    const again = await resend();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'open', sendCount: 2 });
    const fresh = await mailedToken(email);
    expect(fresh).not.toBe(old);
    const invitee = await register(t.app, { email });
    expect((await accept(old, invitee.access_token)).json().code).toBe('INVITE_INVALID');
    for (let i = 3; i <= 5; i++) expect((await resend()).statusCode).toBe(200);
    const limited = await resend();
    expect([limited.statusCode, limited.json().code]).toEqual([429, 'RATE_LIMITED']);
    expect((await accept(fresh, invitee.access_token)).statusCode).toBe(400);
  });

  it('a withdrawn invitation’s link is refused; withdrawing it again is 409; another organisation’s is 404', async () => {
    const email = uniqueEmail('revoke');
    await invite(email);
    const token = await mailedToken(email);
    const id = await inviteIdOf(email);
    const revoke = (org = orgId) =>
      t.app.inject({ method: 'POST', url: `/api/org/${org}/invites/${id}/revoke`, headers: bearer(manager) });
    const res = await revoke();
    expect([res.statusCode, res.json().status]).toEqual([200, 'revoked']);
    expect((await revoke()).statusCode).toBe(409);
    const invitee = await register(t.app, { email });
    const refused = await accept(token, invitee.access_token);
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'INVITE_INVALID']);
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/org/${orgId}/invites/${uuidv7()}/revoke`,
      headers: bearer(manager),
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('accepting by the link', () => {
  it('joins the organisation (out of another), recorded as by invitation; only for the invited address', async () => {
    const email = uniqueEmail('join');
    await invite(email);
    const token = await mailedToken(email);
    const stranger = await register(t.app);
    const wrong = await accept(token, stranger.access_token);
    expect([wrong.statusCode, wrong.json().code]).toEqual([403, 'INVITE_OTHER_EMAIL']);
    const invitee = await register(t.app, { email });
    await q('update users set organization_id = $2 where id = $1', [invitee.user.id, otherOrg]);
    const ok = await accept(token, invitee.access_token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ organizationId: orgId, name: 'โรงพยาบาลเชิญ', role: 'member' });
    const row = await q('select organization_id, organization_joined_by from users where id = $1', [
      invitee.user.id,
    ]);
    expect(row.rows[0]).toEqual({ organization_id: orgId, organization_joined_by: 'invite' });
    expect((await accept(token, invitee.access_token)).json().code).toBe('INVITE_INVALID');
  });

  it('twenty acceptances of one link at once make one join', async () => {
    const email = uniqueEmail('twenty');
    await invite(email);
    const token = await mailedToken(email);
    const invitee = await register(t.app, { email });
    const all = await Promise.all(Array.from({ length: 20 }, () => accept(token, invitee.access_token)));
    expect(all.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(all.filter((r) => r.statusCode === 400 && r.json().code === 'INVITE_INVALID')).toHaveLength(19);
    const accepted = await q('select count(*)::int as n from organization_invites where accepted_by = $1', [
      invitee.user.id,
    ]);
    expect(accepted.rows[0]).toEqual({ n: 1 });
  });

  it('a manager’s invitation makes the invitee a manager', async () => {
    const email = uniqueEmail('boss');
    expect((await invite(email, 'manager')).json().invited).toBe(1);
    const token = await mailedToken(email);
    const invitee = await register(t.app, { email });
    expect((await accept(token, invitee.access_token)).json().role).toBe('manager');
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/users/managed-organizations',
      headers: bearer(invitee.access_token),
    });
    expect(mine.json()).toEqual([{ id: orgId, name: 'โรงพยาบาลเชิญ' }]);
  });

  it('an expired link is refused and listed as expired (the clock moved past its 14 days)', async () => {
    const email = uniqueEmail('expiry');
    await invite(email);
    const token = await mailedToken(email);
    const invitee = await register(t.app, { email });
    const later = (days: number) =>
      new OrgInvitesService({
        db: t.db,
        config: t.config,
        mail: t.app.mail,
        now: () => new Date(Date.now() + days * 86_400_000),
      });
    const late = await later(15)
      .accept(invitee.user.id, token)
      .catch((e: unknown) => e);
    expect(late).toBeInstanceOf(AppError);
    expect((late as AppError).code).toBe('INVITE_INVALID');
    const page = await later(15).list(orgId, {
      page: 1,
      pageSize: 100,
      sort: 'createdAt',
      order: 'desc',
      q: email,
    });
    expect(page.items.map((i) => i.status)).toEqual(['expired']);
    // A new invitation of the address replaces the expired one.
    const again = await later(15).invite(managerId, orgId, { text: email });
    expect(again.lines[0]!.outcome).toBe('invited');
    // Within the 14 days the link still works.
    const fresh = await mailedToken(email);
    expect((await later(1).accept(invitee.user.id, fresh)).organizationId).toBe(orgId);
  });
});
