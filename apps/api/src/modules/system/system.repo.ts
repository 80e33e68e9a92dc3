import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { devMail } from '../../db/schema.js';

export async function databaseAnswers(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

export async function latestDevMail(db: Db, limit = 200) {
  const rows = await db.select().from(devMail).orderBy(desc(devMail.createdAt)).limit(limit);
  return rows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() }));
}
