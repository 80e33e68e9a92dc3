import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../src/mail/message.js';
import { PASSWORD_LINK_JOB } from '../src/modules/accounts/users.service.js';
import { linkCode } from './mail-helpers.js';
import {
  bearer,
  createTestApp,
  device,
  PASSWORD,
  register,
  SMALL_LOGIN_LIMITS,
  type TestApp,
} from './helpers.js';

let t: TestApp;
const sent: MailMessage[] = [];
/** The limiter's clock: it moves only when a test moves it, however slow the machine is. */
let now = Date.parse('2026-11-25T09:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ ...SMALL_LOGIN_LIMITS, REGISTER_MAX_PER_HOUR: '500' }, undefined, {
    limiterClock: () => now,
  });
  // The mails the platform queues, seen as they are queued.
  const send = t.app.mail.send.bind(t.app.mail);
  t.app.mail.send = async (m, o) => {
    sent.push(m);
    return send(m, o);
  };
});
afterAll(() => t.close());

/** Until every reset link asked for so far is made (forgot-password only queues its job: users.service.ts). */
async function linksMade() {
  for (;;) {
    const { rows } = await t.db.$client.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = $1 and state not in ('completed', 'failed')`,
      [PASSWORD_LINK_JOB],
    );
    if (rows[0]!.n === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

let ipCounter = 0;
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const login = (email: string, password: string, remoteAddress: string, d = device()) =>
  t.app.inject({ method: 'POST', url: '/api/auth', payload: { email, password, device: d }, remoteAddress });

describe('login throttling', () => {
  it('answers 429 with Retry-After after repeated failures, then lets the owner in when the window ends', async () => {
    const u = await register(t.app);
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await login(u.email, 'wrong-password', ip)).statusCode).toBe(401);
    const locked = await login(u.email, PASSWORD, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('RATE_LIMITED');
    // The window (LOGIN_IP_WINDOW_SECONDS=900) began with the first failure; the clock has not moved since.
    expect(locked.headers['retry-after']).toBe('900');
    // The attacker's address is locked out, not the account: the owner elsewhere still signs in.
    expect((await login(u.email, PASSWORD, freshIp(), u.device)).statusCode).toBe(200);
    now += 901_000;
    expect((await login(u.email, PASSWORD, ip, u.device)).statusCode).toBe(200);
  });

  it('limits one address trying many accounts', async () => {
    const ip = freshIp();
    for (let i = 0; i < 6; i++)
      expect((await login(`spray${i}@example.com`, 'wrong-password', ip)).statusCode).toBe(401);
    const res = await login('spray-next@example.com', 'wrong-password', ip);
    expect(res.statusCode).toBe(429);
  });

  it('200 guesses at once from one address: no more than the limit are checked, the right one among them refused', async () => {
    const u = await register(t.app);
    const ip = freshIp();
    const guesses = Array.from({ length: 200 }, (_, i) => (i === 150 ? PASSWORD : `wrong-${i}`));
    const answers = await Promise.all(guesses.map((p) => login(u.email, p, ip)));
    const checked = answers.filter((a) => a.statusCode !== 429);
    expect(checked.length).toBeLessThanOrEqual(3);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(0);
    expect(answers.every((a) => [401, 429].includes(a.statusCode))).toBe(true);
  });

  it('guesses from many addresses at once stop at the account-wide limit for new devices', async () => {
    const u = await register(t.app);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => freshIp()).flatMap((ip) =>
        Array.from({ length: 6 }, () => login(u.email, 'wrong-password', ip)),
      ),
    );
    // Account-wide: 5 x the per-pair limit of 3.
    expect(answers.filter((a) => a.statusCode === 401).length).toBeLessThanOrEqual(15);
    // The owner's own device still gets in, whatever the others did.
    expect((await login(u.email, PASSWORD, freshIp(), u.device)).statusCode).toBe(200);
    // A new device of the owner is held back until the owner resets the password by mail ...
    expect((await login(u.email, PASSWORD, freshIp())).statusCode).toBe(429);
    sent.length = 0;
    await t.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: u.email } });
    await linksMade();
    const code = linkCode(sent.find((m) => m.to === u.email)!.text);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: {
        verificationString: code,
        password: 'a-new-horse-battery',
        passwordConfirmation: 'a-new-horse-battery',
      },
    });
    expect(reset.statusCode).toBe(200);
    // ... which lets them in on any device at once.
    expect((await login(u.email, 'a-new-horse-battery', freshIp())).statusCode).toBe(200);
  });

  it('check-password: of 60 at once no more than 10 are checked', async () => {
    const u = await register(t.app);
    const answers = await Promise.all(
      Array.from({ length: 60 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/users/check-password',
          headers: bearer(u.access_token),
          payload: { password: 'wrong-password' },
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(50);
  });
});

describe('forgot password', () => {
  it("others asking for the owner's reset link never keep the owner from getting a fresh one", async () => {
    const u = await register(t.app);
    const ask = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/forgot-password',
        payload: { email: u.email },
        remoteAddress: ip,
      });
    sent.length = 0;
    // An attacker from 20 addresses asks 5 times from each.
    for (let i = 0; i < 20; i++) {
      const ip = freshIp();
      for (let k = 0; k < 5; k++) expect((await ask(ip)).statusCode).toBe(200);
      // The asking address is what gets throttled.
      expect((await ask(ip)).statusCode).toBe(429);
    }
    // The mailbox was not flooded: a handful of links in the hour, then one per ten minutes.
    await linksMade();
    expect(sent.filter((m) => m.to === u.email)).toHaveLength(6);
    sent.length = 0;
    now += 10 * 60_000;
    // The owner, from their own address, still gets an answer and a fresh link in their inbox.
    expect((await ask(freshIp())).statusCode).toBe(200);
    await linksMade();
    const mails = sent.filter((m) => m.to === u.email);
    expect(mails).toHaveLength(1);
    expect(linkCode(mails[0]!.text)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });
});
