import { desc } from 'drizzle-orm';
import { queryWithin, type Db } from '../../db/client.js';
import { devMail } from '../../db/schema.js';

/** Whether the database answers within HEALTH_CHECK_TIMEOUT_MS (readiness: a partition is a 503, not a hang). */
export async function databaseAnswers(db: Db): Promise<boolean> {
  try {
    await queryWithin(db, 'select 1');
    return true;
  } catch {
    return false;
  }
}

export async function latestDevMail(db: Db, limit = 200) {
  const rows = await db.select().from(devMail).orderBy(desc(devMail.createdAt)).limit(limit);
  return rows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() }));
}
