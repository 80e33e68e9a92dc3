import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passwordResets, provenDevices } from '../../db/schema.js';
import type { Tx } from '../../db/client.js';

export async function insertReset(db: Db, values: typeof passwordResets.$inferInsert) {
  await db.insert(passwordResets).values(values);
}

export async function findValidReset(db: Db, codeHash: string) {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.codeHash, codeHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row;
}

/** Uses the code once, atomically; answers its user id, or undefined if unknown, used or expired. */
export async function consumeReset(tx: Tx, codeHash: string) {
  const [row] = await tx
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResets.codeHash, codeHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row?.userId;
}

/** After a successful reset every other outstanding code of the user stops working. */
export async function retireResets(tx: Tx, userId: string) {
  await tx
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** The device a reset link was followed on, proven the owner's as of `at` (the credentials' change). */
export async function proveDevice(tx: Tx, userId: string, deviceId: string, at: Date) {
  await tx
    .insert(provenDevices)
    .values({ userId, deviceId, provenAt: at })
    .onConflictDoUpdate({ target: [provenDevices.userId, provenDevices.deviceId], set: { provenAt: at } });
}
