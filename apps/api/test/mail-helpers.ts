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
