import type { OrganizationSeatPool, OrganizationSeatsBody } from '@rianroo/contract';
import type { Db, TxClient } from '../../db/client.js';

type Q = Db['$client'] | TxClient;

/**
 * An organisation's seats: the pool, how many are held, and how many members wait for one. Who holds a seat is
 * written only by the database (organization_seats_follow, migration 0044), which every change of membership runs.
 */
export async function seatPool(db: Q, orgId: string): Promise<OrganizationSeatPool | null> {
  const { rows } = await db.query<{
    plan_id: string;
    plan_name: string;
    seats: number;
    taken: number;
    members: number;
    ends_at: Date;
  }>(
    `select p.plan_id, pl.name as plan_name, p.seats, p.ends_at,
        (select count(*)::int from organization_seats s where s.organization_id = p.organization_id) as taken,
        (select count(*)::int from users u where u.organization_id = p.organization_id
          and u.deleted_at is null and u.erased_at is null) as members
       from organization_seat_pools p join plans pl on pl.id = p.plan_id
      where p.organization_id = $1`,
    [orgId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    planId: r.plan_id,
    planName: r.plan_name,
    seats: r.seats,
    taken: r.taken,
    waiting: Math.max(r.members - r.taken, 0),
    endsAt: r.ends_at.toISOString(),
  };
}

/** The seat grant as the audit log records it, before and after (null: none). */
export async function seatGrant(c: TxClient, orgId: string) {
  const { rows } = await c.query<{ planId: string; seats: number; endsAt: Date }>(
    `select plan_id as "planId", seats, ends_at as "endsAt" from organization_seat_pools where organization_id = $1`,
    [orgId],
  );
  return rows[0] ?? null;
}

/** What is wrong with a grant, by the database's clock and plans: a last day gone, a plan unknown or a trial. */
export async function seatGrantProblem(c: TxClient, b: OrganizationSeatsBody) {
  const { rows } = await c.query<{ future: boolean; plan: boolean }>(
    `select $1::timestamptz > now() as future,
       exists (select 1 from plans where id = $2 and interval <> 'trial') as plan`,
    [b.endsAt, b.planId],
  );
  if (!rows[0]!.future) return { path: 'endsAt', message: 'The seats must end in the future' };
  if (!rows[0]!.plan) return { path: 'planId', message: 'No such plan' };
  return null;
}

/**
 * Writes the grant (in place of the last), then gives the seats again; answers how many are held after it, read
 * under the organisation's lock, so the caller can refuse a grant below them before the transaction commits.
 */
export async function grantSeats(c: TxClient, orgId: string, actorId: string, b: OrganizationSeatsBody) {
  await c.query(
    `insert into organization_seat_pools (organization_id, plan_id, seats, ends_at, granted_by)
     values ($1, $2, $3, $4, $5)
     on conflict (organization_id) do update set plan_id = excluded.plan_id, seats = excluded.seats,
       ends_at = excluded.ends_at, granted_by = excluded.granted_by, updated_at = now()`,
    [orgId, b.planId, b.seats, b.endsAt, actorId],
  );
  const { rows } = await c.query<{ held: number }>(
    `select count(*)::int as held from organization_seats where organization_id = $1`,
    [orgId],
  );
  await followSeats(c, orgId);
  return rows[0]!.held;
}

/** Ends the organisation's seats: the pool goes, and every seat with it. */
export async function endSeats(c: TxClient, orgId: string) {
  const { rowCount } = await c.query(`delete from organization_seat_pools where organization_id = $1`, [
    orgId,
  ]);
  return (rowCount ?? 0) > 0;
}

/** Gives the organisation's seats again after its pool changed (the rule is the database's). */
async function followSeats(c: TxClient, orgId: string) {
  await c.query(`select organization_seats_follow(array[$1::uuid])`, [orgId]);
}
