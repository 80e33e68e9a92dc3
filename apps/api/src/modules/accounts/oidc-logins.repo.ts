import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { oidcLogins } from '../../db/schema.js';

export type PendingOidcLogin = typeof oidcLogins.$inferInsert;

/** Keeps a sign-in on its way (and forgets those that were never finished). */
export async function savePendingLogin(db: Db, row: PendingOidcLogin) {
  await db.delete(oidcLogins).where(lt(oidcLogins.expiresAt, new Date()));
  await db.insert(oidcLogins).values(row);
}

/** Takes a sign-in on its way out, once: a second try with the same state finds nothing. */
export async function takePendingLogin(db: Db, provider: string, state: string) {
  const [row] = await db
    .delete(oidcLogins)
    .where(
      and(
        eq(oidcLogins.state, state),
        eq(oidcLogins.provider, provider),
        gt(oidcLogins.expiresAt, new Date()),
      ),
    )
    .returning();
  return row;
}
