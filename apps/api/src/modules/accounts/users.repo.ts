import type { User } from '@rianroo/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import type { RowOf } from '../../db/rows.js';
import { users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;
type Executor = Pick<Db, 'select' | 'update' | 'insert'>;

/**
 * Every column of the user (named, so that a column added later does not change a prepared statement's result
 * under a running process), and bought_annual, derived: an annual plan bought and giving access now
 * (entitled_subscriptions, the one rule); a trial is not bought.
 */
export const USER_BY_ID = `
  select u.id, u.email, u.password_hash, u.first_name, u.last_name, u.display_name, u.profile_image, u.phone,
    u.locale, u.role, u.organization_id, u.legacy, u.email_verified_at, u.credentials_changed_at, u.marketing,
    u.tags, u.accepted_terms_at, u.create_date, u.update_date, u.deleted_at, u.organization_joined_at,
    u.organization_joined_by, u.erased_at, exists (
    select 1 from entitled_subscriptions(u.id) s join plans p on p.id = s.plan_id
    where p.interval = 'year' and s.status <> 'trialing') as bought_annual
  from users u where u.id = $1 and u.deleted_at is null`;

/** A row of USER_BY_ID: the user's columns and the derived `bought_annual`. */
type RawUser = RowOf<typeof users> & { bought_annual: boolean };

const fromRaw = (r: RawUser): UserRow => ({
  id: r.id,
  email: r.email,
  passwordHash: r.password_hash,
  firstName: r.first_name,
  lastName: r.last_name,
  displayName: r.display_name,
  profileImage: r.profile_image,
  phone: r.phone,
  locale: r.locale,
  role: r.role,
  organizationId: r.organization_id,
  legacy: r.legacy,
  emailVerifiedAt: r.email_verified_at,
  credentialsChangedAt: r.credentials_changed_at,
  marketing: r.marketing,
  tags: r.tags,
  acceptedTermsAt: r.accepted_terms_at,
  organizationJoinedAt: r.organization_joined_at,
  organizationJoinedBy: r.organization_joined_by,
  erasedAt: r.erased_at,
  createDate: r.create_date,
  updateDate: r.update_date,
  deletedAt: r.deleted_at,
});

/**
 * The user and the derived bought_annual. It runs on nearly every request, so it is a named prepared
 * statement on the pool (planned once per connection) without the query builder in between.
 */
export async function findUserById(db: Db, id: string) {
  const { rows } = await db.$client.query<RawUser>({ name: 'user_by_id', text: USER_BY_ID, values: [id] });
  const row = rows[0];
  return row ? { user: fromRaw(row), boughtAnnual: row.bought_annual } : undefined;
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

export async function updateUser(db: Executor, id: string, values: PgUpdateSetSource<typeof users>) {
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
