import type { Contact } from '@rianroo/contract';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contacts, instructorApplications } from '../../db/schema.js';

/**
 * A contact's columns, `province` declared as the contract's province code: the column is free text, but the API
 * writes only codes (contactBody and its patch check them). A declared type, not a conversion: Drizzle writes the
 * same SQL as `select()` and `returning()` do (`"province"`) and hands back the stored text as it is.
 */
const CONTACT = { ...getTableColumns(contacts), province: sql<Contact['province']>`${contacts.province}` };

type ContactRow = Omit<typeof contacts.$inferSelect, 'province'> & { province: Contact['province'] };

export const toContactDto = (c: ContactRow): Contact => ({
  id: c.id,
  phone: c.phone,
  organization: c.organization,
  position: c.position,
  province: c.province,
  consentedAt: c.consentedAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

export async function contactOf(db: Db, userId: string) {
  const [row] = await db.select(CONTACT).from(contacts).where(eq(contacts.userId, userId)).limit(1);
  return row;
}

/** One contact per learner: a second (also a simultaneous one) gives no row. */
export async function insertContact(db: Db, row: typeof contacts.$inferInsert) {
  const [created] = await db.insert(contacts).values(row).onConflictDoNothing().returning(CONTACT);
  return created;
}

/** The owner's contact only: another learner's id changes nothing and answers nothing. */
export async function updateContact(
  db: Db,
  id: string,
  userId: string,
  values: Partial<Omit<typeof contacts.$inferInsert, 'id' | 'userId'>>,
) {
  const [row] = await db
    .update(contacts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(contacts.id, id), eq(contacts.userId, userId)))
    .returning(CONTACT);
  return row;
}

export async function insertApplication(db: Db, row: typeof instructorApplications.$inferInsert) {
  await db.insert(instructorApplications).values(row);
}
