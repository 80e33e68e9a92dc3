import { desc, eq } from 'drizzle-orm';
import { devMail } from '../src/db/schema.js';
import type { TestApp } from './helpers.js';

/** Waits for the newest development-outbox e-mail to `to` (optionally whose subject matches). */
export async function latestMail(t: TestApp, to: string, timeoutMs = 30_000, subject?: RegExp) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const rows = await t.db.select().from(devMail).where(eq(devMail.to, to)).orderBy(desc(devMail.createdAt));
    const hit = rows.find((m) => !subject || subject.test(m.subject));
    if (hit) return hit;
    if (Date.now() > until) throw new Error(`no e-mail to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The verificationString of the first reset link in a text. */
export function linkCode(text: string): string {
  const m = /\/reset-password\?code=([A-Za-z0-9_-]+)/.exec(text);
  if (!m) throw new Error(`no reset link in: ${text}`);
  return m[1]!;
}

/**
 * The owner resets the password by the mailed link (asked from `ip`; followed on `device` when given), and the
 * link's mail is cleared so that the next reset waits for its own.
 */
export async function resetByMail(
  t: TestApp,
  email: string,
  password: string,
  { ip = '10.250.0.1', device }: { ip?: string; device?: { id: string; name: string } } = {},
) {
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
  const asked = await post('/api/users/forgot-password', { email });
  if (asked.statusCode !== 200) throw new Error(`forgot-password: ${asked.statusCode} ${asked.body}`);
  const code = linkCode((await latestMail(t, email, 30_000, /password|รหัสผ่าน/)).text);
  await t.db.$client.query('delete from dev_mail where "to" = $1', [email]);
  const res = await post('/api/users/reset-password', {
    verificationString: code,
    password,
    passwordConfirmation: password,
    ...(device ? { device } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`reset-password: ${res.statusCode} ${res.body}`);
}
