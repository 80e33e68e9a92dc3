import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './global-setup.js';
import { createTestApp, device, register, type TestApp } from './helpers.js';
import { linkCode } from './mail-helpers.js';

/** A real SMTP peer: the platform's e-mail goes over the wire through nodemailer and the job queue. */
let smtp: SMTPServer;
const received: ParsedMail[] = [];
/** Recipients whose first delivery attempt the server refuses with a temporary error. */
const refuseOnce = new Set<string>();
let t: TestApp;

beforeAll(async () => {
  const port = await freePort();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuseOnce.delete(address.address)) {
        return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'Rianroo <no-reply@rianroo.test>',
    MAIL_RETRY_DELAY_SECONDS: '1',
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function waitFor(to: string, subject: RegExp): Promise<ParsedMail> {
  const until = Date.now() + 15_000;
  for (;;) {
    const hit = received.find(
      (m) => m.to && JSON.stringify(m.to).includes(to) && subject.test(m.subject ?? ''),
    );
    if (hit) return hit;
    if (Date.now() > until) throw new Error(`no mail to ${to} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('e-mail over SMTP', () => {
  it('sends the Thai reset e-mail to a real SMTP server, and its link resets the password', async () => {
    const u = await register(t.app);
    await t.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: u.email } });
    const mail = await waitFor(u.email, /รหัสผ่าน/);
    expect(mail.from?.text).toContain('no-reply@rianroo.test');
    expect(mail.text).toContain('http://rianroo.test/reset-password?code=');
    expect(mail.html).toContain('ตั้งรหัสผ่านใหม่');
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
    refuseOnce.add(u.email);
    await t.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: u.email } });
    const mail = await waitFor(u.email, /รหัสผ่าน/);
    expect(refuseOnce.has(u.email)).toBe(false);
    expect(mail.text).toContain('/reset-password?code=');
  });
});
