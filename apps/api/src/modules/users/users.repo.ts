import type { User } from '@rianroo/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;
type Executor = Pick<Db, 'select' | 'update' | 'insert'>;

/** bought_annual is derived: an active or trialing annual subscription whose period has not ended. */
const boughtAnnual = sql<boolean>`exists (
  select 1 from subscriptions s join plans p on p.id = s.plan_id
  where s.user_id = "users"."id" and p.interval = 'year'
    and s.status in ('active', 'trialing') and s.current_period_end > now())`.as('bought_annual');

export async function findUserById(db: Executor, id: string) {
  const [row] = await db
    .select({ user: users, boughtAnnual })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function emailTaken(db: Executor, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return !!row;
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: Executor, id: string, values: Partial<typeof users.$inferInsert>) {
  const [row] = await db
    .update(users)
    .set({ ...values, updateDate: new Date() })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning();
  return row;
}

export function toUserDto(u: UserRow, bought: boolean): User {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    displayName: u.displayName,
    phone: u.phone,
    profile_image: u.profileImage,
    bought_annual: bought,
    role: u.role,
    locale: u.locale,
    legacy: u.legacy,
    hasPassword: u.passwordHash !== null,
    marketing: u.marketing,
    createDate: u.createDate.toISOString(),
    updateDate: u.updateDate.toISOString(),
  };
}
