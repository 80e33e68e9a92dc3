import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, device, register, type TestApp } from './helpers.js';
import { linkCode } from './mail-helpers.js';
import { startSmtpPeer } from './smtp-peer.js';

let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Rianroo <no-reply@rianroo.test>',
    MAIL_RETRY_DELAY_SECONDS: '1',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const waitFor = (to: string, subject: RegExp) => smtp.waitFor(to, subject);

describe('e-mail over SMTP', () => {
  it('sends the Thai reset e-mail to a real SMTP server, and its link resets the password', async () => {
    const u = await register(t.app);
    await t.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: u.email } });
    const mail = await waitFor(u.email, /รหัสผ่าน/);
    expect(mail.from?.text).toContain('no-reply@rianroo.test');
    expect(mail.text).toContain('http://rianroo.test/reset-password?code=');
    expect(mail.html).toContain('ตั้งรหัสผ่านใหม่');
    // One-click unsubscribe (RFC 8058) travels as real headers.
    const header = (key: string) => mail.headerLines.find((h) => h.key === key)?.line ?? '';
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(header('list-unsubscribe').replace(/\r?\n\s+/g, '')).toMatch(
      /^List-Unsubscribe: ?<http:\/\/rianroo\.test\/api\/unsubscribe\?token=[\w.-]+>$/,
    );
    const code = linkCode(mail.text ?? '');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: {
        verificationString: code,
        password: 'smtp-new-pass-1',
        passwordConfirmation: 'smtp-new-pass-1',
      },
    });
    expect(reset.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: u.email, password: 'smtp-new-pass-1', device: device() },
    });
    expect(login.statusCode).toBe(200);
  });

  it('writes in English to a learner who chose English', async () => {
    const u = await register(t.app);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${u.user.id}`,
      headers: { authorization: `Bearer ${u.access_token}` },
      payload: { locale: 'en' },
    });
    await t.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: u.email } });
    const mail = await waitFor(u.email, /Reset your Rianroo password/);
    expect(mail.text).toContain('expires in 30 minutes');
  });

  it('retries a delivery the SMTP server refused for the moment, until it goes through', async () => {
    const u = await register(t.app);
    await waitFor(u.email, /ยินดีต้อนรับ/); // the welcome e-mail is out of the way
    smtp.refuseOnce.add(u.email);
    await t.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: u.email } });
    const mail = await waitFor(u.email, /รหัสผ่าน/);
    expect(smtp.refuseOnce.has(u.email)).toBe(false);
    expect(mail.text).toContain('/reset-password?code=');
  });
});
