import { and, eq, sql } from 'drizzle-orm';
import { transaction, type Db } from '../../db/client.js';
import { organizations, users } from '../../db/schema.js';

/** A learner's organisation: which one they are in, and how they come to join one. */
const organizationColumns = {
  id: organizations.id,
  name: organizations.name,
  requiresContact: organizations.requiresContact,
};

export async function organizationOf(db: Db, userId: string) {
  const [row] = await db
    .select({
      ...organizationColumns,
      // The organisation's seats while they last: whether this learner holds one, and until when.
      seat: sql<{ held: boolean; endsAt: string } | null>`(
        select json_build_object('held', exists (select 1 from organization_seats s where s.user_id = ${users.id}),
          'endsAt', to_char(p.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
        from organization_seat_pools p where p.organization_id = ${organizations.id} and p.ends_at > now())`,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/**
 * Joins the organisation of an invite code (any letter case); undefined when no organisation has it. Answers the
 * organisation as organizationOf does, read after the join (a seat is taken, or not, by then).
 */
export async function joinByInviteCode(db: Db, userId: string, code: string) {
  const joined = await transaction(db, async (tx) => {
    const [org] = await tx
      .select(organizationColumns)
      .from(organizations)
      .where(sql`upper(${organizations.inviteCode}) = upper(${code})`)
      .limit(1);
    if (!org) return undefined;
    // Joined now, by the code (entering the code of the organisation one is in already changes nothing).
    await tx
      .update(users)
      .set({
        organizationId: org.id,
        organizationJoinedAt: sql`now()`,
        organizationJoinedBy: 'invite_code',
        updateDate: new Date(),
      })
      .where(and(eq(users.id, userId), sql`${users.organizationId} is distinct from ${org.id}`));
    // The learner asked to join: an administrator's earlier removal no longer stands in the way.
    await tx.execute(
      sql`delete from organization_removals where organization_id = ${org.id} and user_id = ${userId}`,
    );
    return org;
  });
  return joined && ((await organizationOf(db, userId)) ?? undefined);
}

/**
 * A learner who signs in with a partner's OpenID Connect provider joins its organisation (in place of any other),
 * unless an administrator took them out of it.
 */
export async function joinBySsoProvider(db: Db, userId: string, provider: string) {
  const [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.ssoProvider, provider))
    .limit(1);
  if (!org) return;
  await db
    .update(users)
    .set({
      organizationId: org.id,
      organizationJoinedAt: sql`now()`,
      organizationJoinedBy: 'sso',
      updateDate: new Date(),
    })
    .where(
      and(
        eq(users.id, userId),
        sql`${users.organizationId} is distinct from ${org.id}`,
        sql`not exists (select 1 from organization_removals r where r.organization_id = ${org.id} and r.user_id = ${userId})`,
      ),
    );
}

/**
 * A learner in no organisation whose confirmed e-mail address is at a domain an organisation names joins it
 * (the oldest such organisation, should two name the same domain), unless an administrator took them out of it.
 */
export async function joinByEmailDomain(db: Db, userId: string) {
  await db.execute(sql`
    update users set organization_id = o.id, organization_joined_at = now(), organization_joined_by = 'email_domain',
      update_date = now()
    from (
      select org.id from organizations org, users u
      where u.id = ${userId} and lower(split_part(u.email, '@', 2)) = any(org.email_domains)
        and not exists (select 1 from organization_removals r where r.organization_id = org.id and r.user_id = u.id)
      order by org.created_at
      limit 1
    ) o
    where users.id = ${userId} and users.organization_id is null and users.email_verified_at is not null`);
}
