import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, users } from '../src/db/schema.js';
import { PASSWORD_LINK_JOB } from '../src/modules/accounts/users.service.js';
import { bearer, createTestApp, device, PASSWORD, register, uniqueEmail, type TestApp } from './helpers.js';
import { latestMail, linkCode } from './mail-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_CACHE_SECONDS: '0' });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });
const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('POST /api/users (registration)', () => {
  it('creates the learner, logs them in (201) and sends a welcome e-mail', async () => {
    const email = uniqueEmail('New.Learner');
    const res = await post('/api/users', {
      email,
      password: PASSWORD,
      firstName: 'ใหม่',
      lastName: 'เรียน',
      acceptTerms: true,
      device: device(),
      role: 'admin',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({
      email: email.toLowerCase(),
      firstName: 'ใหม่',
      role: 'learner',
      legacy: false,
      hasPassword: true,
    });
    expect((await get('/api/auth', body.access_token)).statusCode).toBe(200);
    const mail = await latestMail(t, email.toLowerCase());
    expect(mail.subject).toContain('Rianroo');
  });

  it('ten registrations of one e-mail at once: one account, the others 409, none a server error', async () => {
    const email = uniqueEmail('Race');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/users',
          // each from an address of its own: the sign-up limit per address is not what this is about
          remoteAddress: `10.20.0.${i + 1}`,
          payload: {
            email: i % 2 ? email : email.toUpperCase(),
            password: PASSWORD,
            firstName: 'พร้อม',
            lastName: 'กัน',
            acceptTerms: true,
            device: device(i),
          },
        }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, ...Array<number>(9).fill(409)]);
    for (const r of answers.filter((a) => a.statusCode === 409))
      expect(r.json()).toMatchObject({ statusCode: 409, code: 'ALREADY_EXISTS' });
    const rows = await t.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(rows).toHaveLength(1);
  });

  it('refuses a taken e-mail in any letter case (409), a weak or short password, missing names', async () => {
    const u = await register(t.app);
    const dup = await post('/api/users', {
      email: u.email.toUpperCase(),
      password: PASSWORD,
      firstName: 'a',
      lastName: 'b',
      acceptTerms: true,
      device: device(),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('ALREADY_EXISTS');
    const weak = await post('/api/users', {
      email: uniqueEmail(),
      password: 'password123',
      firstName: 'a',
      lastName: 'b',
      acceptTerms: true,
      device: device(),
    });
    expect(weak.json()).toMatchObject({ statusCode: 400, code: 'WEAK_PASSWORD' });
    const short = await post('/api/users', {
      email: uniqueEmail(),
      password: 'short',
      firstName: 'a',
      lastName: 'b',
      acceptTerms: true,
      device: device(),
    });
    expect(short.json().code).toBe('VALIDATION_ERROR');
    const noName = await post('/api/users', { email: uniqueEmail(), password: PASSWORD, device: device() });
    expect(noName.json().details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['firstName', 'lastName']),
    );
    const badEmail = await post('/api/users', {
      email: 'not-an-email',
      password: PASSWORD,
      firstName: 'a',
      lastName: 'b',
      acceptTerms: true,
      device: device(),
    });
    expect(badEmail.json().details[0].path).toBe('email');
  });
});

describe('GET and PATCH /api/users/:id', () => {
  it('answers myself, hides other learners (404), lets an admin read anyone', async () => {
    const a = await register(t.app);
    const b = await register(t.app);
    expect((await get(`/api/users/${a.user.id}`, a.access_token)).json().email).toBe(a.email);
    expect((await get(`/api/users/${b.user.id}`, a.access_token)).statusCode).toBe(404);
    expect((await get(`/api/users/${a.user.id}`)).statusCode).toBe(401);
    expect((await get('/api/users/not-a-uuid', a.access_token)).statusCode).toBe(400);
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, b.user.id));
    expect((await get(`/api/users/${a.user.id}`, b.access_token)).statusCode).toBe(200);
  });

  it('e-mail choices changed in simultaneous saves (three toggles at once) all stay changed', async () => {
    for (let round = 0; round < 4; round++) {
      // Sign-ups are limited per address: each learner from its own.
      const u = await register(t.app, {}, `10.61.0.${round + 1}`);
      const saves = await Promise.all(
        (['news', 'promotions', 'reminders'] as const).map((k) =>
          t.app.inject({
            method: 'PATCH',
            url: `/api/users/${u.user.id}`,
            headers: bearer(u.access_token),
            payload: { marketing: { [k]: k === 'promotions' } },
          }),
        ),
      );
      expect(saves.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      const me = await get(`/api/users/${u.user.id}`, u.access_token);
      expect(me.json().marketing, `round ${round}`).toEqual({
        news: false,
        promotions: true,
        reminders: false,
      });
    }
  });

  it('changes allowed fields and ignores protected ones', async () => {
    const a = await register(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${a.user.id}`,
      headers: bearer(a.access_token),
      payload: {
        firstName: 'ชื่อใหม่',
        locale: 'en',
        marketing: { promotions: true },
        id: '00000000-0000-7000-8000-000000000000',
        role: 'admin',
        email: 'hijack@example.com',
        createDate: '2000-01-01T00:00:00Z',
        deletedAt: '2000-01-01T00:00:00Z',
        bought_annual: true,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: a.user.id,
      firstName: 'ชื่อใหม่',
      locale: 'en',
      role: 'learner',
      email: a.email,
      bought_annual: false,
    });
    expect(res.json().marketing).toEqual({ news: true, promotions: true, reminders: true });
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${a.user.id}`,
      headers: bearer(a.access_token),
      payload: { locale: 'fr' },
    });
    expect(bad.statusCode).toBe(400);
    const other = await register(t.app);
    const denied = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${other.user.id}`,
      headers: bearer(a.access_token),
      payload: { firstName: 'x' },
    });
    expect(denied.statusCode).toBe(404);
    expect((await get(`/api/users/${other.user.id}`, other.access_token)).json().firstName).toBe('ทดสอบ');
  });
});

describe('passwords while logged in', () => {
  it('check-password tells whether the password is mine', async () => {
    const a = await register(t.app);
    expect((await post('/api/users/check-password', { password: PASSWORD }, a.access_token)).json()).toEqual({
      valid: true,
    });
    expect(
      (await post('/api/users/check-password', { password: 'nope-nope' }, a.access_token)).json(),
    ).toEqual({ valid: false });
    expect((await post('/api/users/check-password', { password: PASSWORD })).statusCode).toBe(401);
  });

  it('reset-password-contact needs the current password, keeps this session and ends the others', async () => {
    const a = await register(t.app);
    const other = (
      await post('/api/auth', { email: a.email, password: PASSWORD, device: device('phone') })
    ).json();
    const wrong = await post(
      '/api/users/reset-password-contact',
      {
        currentPassword: 'wrong-one',
        password: 'brand-new-pass-1',
        passwordConfirmation: 'brand-new-pass-1',
      },
      a.access_token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0].path).toBe('currentPassword');
    const missing = await post(
      '/api/users/reset-password-contact',
      { password: 'brand-new-pass-1', passwordConfirmation: 'brand-new-pass-1' },
      a.access_token,
    );
    expect(missing.statusCode).toBe(400);
    const mismatch = await post(
      '/api/users/reset-password-contact',
      { currentPassword: PASSWORD, password: 'brand-new-pass-1', passwordConfirmation: 'brand-new-pass-2' },
      a.access_token,
    );
    expect(mismatch.json().code).toBe('PASSWORD_MISMATCH');
    const ok = await post(
      '/api/users/reset-password-contact',
      { currentPassword: PASSWORD, password: 'brand-new-pass-1', passwordConfirmation: 'brand-new-pass-1' },
      a.access_token,
    );
    expect(ok.statusCode).toBe(200);
    expect((await get('/api/auth', a.access_token)).statusCode).toBe(200);
    expect((await get('/api/auth', other.access_token)).statusCode).toBe(401);
    expect(
      (await post('/api/auth', { email: a.email, password: 'brand-new-pass-1', device: a.device }))
        .statusCode,
    ).toBe(200);
  });
});

describe('forgot and reset password', () => {
  it('answers an unknown and a known e-mail alike, one queued job each (no enumeration by time); only the known gets a link', async () => {
    const known = await register(t.app);
    const ghost = uniqueEmail('ghost');
    const handed: string[] = [];
    const send = t.app.mail.send.bind(t.app.mail);
    t.app.mail.send = async (m, o) => {
      handed.push(m.to);
      return send(m, o);
    };
    const jobs = async (email: string) =>
      (
        await t.db.$client.query<{ state: string }>(
          `select state from pgboss.job where name = $1 and data->>'email' = $2`,
          [PASSWORD_LINK_JOB, email],
        )
      ).rows.map((r) => r.state);
    try {
      for (const email of [ghost, known.email]) {
        const res = await post('/api/users/forgot-password', { email });
        expect([res.statusCode, res.json()]).toEqual([200, { success: true }]);
        // The answer's whole work, whoever asks: the job is queued before it.
        expect(await jobs(email)).toHaveLength(1);
      }
      for (;;) {
        const states = [...(await jobs(ghost)), ...(await jobs(known.email))];
        if (states.every((s) => s === 'completed')) break;
        expect(states.filter((s) => s === 'failed')).toEqual([]);
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(handed).toEqual([known.email]);
    } finally {
      t.app.mail.send = send;
    }
  });

  it('a reset link mailed before the owner changed the password no longer works after the change', async () => {
    const a = await register(t.app, {}, '10.61.1.1');
    expect((await post('/api/users/forgot-password', { email: a.email })).statusCode).toBe(200);
    const code = linkCode((await latestMail(t, a.email, 30_000, /password|รหัสผ่าน/)).text);
    const changed = await post(
      '/api/users/reset-password-contact',
      { currentPassword: PASSWORD, password: 'owner-new-pass-91', passwordConfirmation: 'owner-new-pass-91' },
      a.access_token,
    );
    expect(changed.statusCode).toBe(200);
    const verify = await post('/api/users/verify-password-reset', { verificationString: code });
    const reset = await post('/api/users/reset-password', {
      verificationString: code,
      password: 'holder-of-old-link-1',
      passwordConfirmation: 'holder-of-old-link-1',
    });
    expect([verify.statusCode, reset.statusCode, reset.json().code]).toEqual([
      400,
      400,
      'RESET_CODE_INVALID',
    ]);
    expect(
      (await post('/api/auth', { email: a.email, password: 'owner-new-pass-91', device: a.device }))
        .statusCode,
    ).toBe(200);
  });

  it('e-mails a single-use link that resets the password and ends every session', async () => {
    const a = await register(t.app);
    expect((await post('/api/users/forgot-password', { email: a.email.toUpperCase() })).statusCode).toBe(200);
    const mail = await latestMail(t, a.email, 30_000, /password|รหัสผ่าน/);
    const code = linkCode(mail.text);
    const verified = await post('/api/users/verify-password-reset', { verificationString: code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().valid).toBe(true);
    expect(verified.json().email).not.toBe(a.email);
    const mismatch = await post('/api/users/reset-password', {
      verificationString: code,
      password: 'another-pass-77',
      passwordConfirmation: 'another-pass-78',
    });
    expect(mismatch.statusCode).toBe(400);
    const reset = await post('/api/users/reset-password', {
      verificationString: code,
      password: 'another-pass-77',
      passwordConfirmation: 'another-pass-77',
    });
    expect(reset.statusCode).toBe(200);
    expect((await get('/api/auth', a.access_token)).statusCode).toBe(401);
    const again = await post('/api/users/reset-password', {
      verificationString: code,
      password: 'another-pass-88',
      passwordConfirmation: 'another-pass-88',
    });
    expect(again.json().code).toBe('RESET_CODE_INVALID');
    expect((await post('/api/users/verify-password-reset', { verificationString: code })).statusCode).toBe(
      400,
    );
    expect(
      (await post('/api/auth', { email: a.email, password: 'another-pass-77', device: device() })).statusCode,
    ).toBe(200);
  });

  it('refuses an expired code', async () => {
    const a = await register(t.app);
    await post('/api/users/forgot-password', { email: a.email });
    const code = linkCode((await latestMail(t, a.email, 30_000, /password|รหัสผ่าน/)).text);
    await t.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await post('/api/users/verify-password-reset', { verificationString: code })).statusCode).toBe(
      400,
    );
    const res = await post('/api/users/reset-password', {
      verificationString: code,
      password: 'another-pass-77',
      passwordConfirmation: 'another-pass-77',
    });
    expect(res.json().code).toBe('RESET_CODE_INVALID');
  });

  it('set-password-old-user mails migrated users only; others get 404', async () => {
    const email = uniqueEmail('legacy');
    await t.db
      .insert(users)
      .values({ id: '01900000-0000-7000-8000-000000000001', email, firstName: 'เดิม', legacy: true });
    expect((await get(`/api/users/set-password-old-user/${encodeURIComponent(email)}`)).statusCode).toBe(200);
    const mail = await latestMail(t, email, 30_000);
    expect(mail.text).toContain('mode=set');
    const code = linkCode(mail.text);
    expect(
      (
        await post('/api/users/reset-password', {
          verificationString: code,
          password: 'legacy-pass-01',
          passwordConfirmation: 'legacy-pass-01',
        })
      ).statusCode,
    ).toBe(200);
    const login = await post('/api/auth', { email, password: 'legacy-pass-01', device: device() });
    expect(login.json().user).toMatchObject({ legacy: false, hasPassword: true });
    expect((await get(`/api/users/set-password-old-user/${encodeURIComponent(email)}`)).statusCode).toBe(404);
    const a = await register(t.app);
    expect((await get(`/api/users/set-password-old-user/${encodeURIComponent(a.email)}`)).statusCode).toBe(
      404,
    );
    expect((await get('/api/users/set-password-old-user/nobody%40example.com')).statusCode).toBe(404);
    expect((await get('/api/users/set-password-old-user/not-an-email')).statusCode).toBe(400);
  });
});

describe('profile image', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const upload = (id: string, body: Buffer, token: string, type = 'image/png') =>
    t.app.inject({
      method: 'POST',
      url: `/api/users/${id}/profile-image`,
      payload: body,
      headers: { ...bearer(token), 'content-type': type },
    });

  it('stores my photo and serves it; refuses non-images, other users and large files', async () => {
    const a = await register(t.app);
    const res = await upload(a.user.id, png, a.access_token);
    expect(res.statusCode).toBe(200);
    const url = res.json().profile_image as string;
    expect(url).toMatch(/^\/api\/media\/profile\//);
    const img = await t.app.inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(png)).toBe(true);
    expect((await upload(a.user.id, Buffer.from('<svg/>'), a.access_token)).statusCode).toBe(415);
    expect((await upload(a.user.id, png, a.access_token, 'text/plain')).statusCode).toBe(415);
    const b = await register(t.app);
    expect((await upload(b.user.id, png, a.access_token)).statusCode).toBe(404);
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await upload(a.user.id, big, a.access_token)).statusCode).toBe(413);
  });
});
