import type { AdminPlan, AdminPlanQuery } from '@rianroo/contract';
import type { Db, TxClient } from '../../db/client.js';
import { likeTerm, pageOfRows } from '../../db/paging.js';

type Q = Db['$client'] | TxClient;

type PlanRow = {
  id: string;
  code: string;
  name: string;
  name_en: string;
  interval: AdminPlan['interval'];
  interval_count: number;
  length_days: number;
  price_satang: string;
  currency: string;
  active: boolean;
  sort: number;
  subscribers: number;
  created_at: Date;
  version: string;
};
const toPlan = (r: PlanRow): AdminPlan => ({
  id: r.id,
  code: r.code,
  nameTh: r.name,
  nameEn: r.name_en,
  interval: r.interval,
  intervalCount: r.interval_count,
  lengthDays: r.length_days,
  priceSatang: Number(r.price_satang),
  currency: r.currency,
  active: r.active,
  sort: r.sort,
  subscribers: Number(r.subscribers),
  createdAt: r.created_at.toISOString(),
  version: r.version,
});

/** The fields an administrator sets, as the audit log records them. */
export type PlanFields = Omit<AdminPlan, 'id' | 'currency' | 'subscribers' | 'createdAt' | 'version'>;
export const planFields = (p: AdminPlan): PlanFields => {
  const { id: _i, currency: _c, subscribers: _s, createdAt: _t, version: _v, ...f } = p;
  return f;
};

/** Subscribers: the learners whose current subscription (trialing, active or canceled) is on the plan. */
const PLAN = `select p.id, p.code, p.name, p.name_en, p.interval, p.interval_count, p.length_days, p.price_satang,
    p.currency, p.active, p.sort, p.created_at, p.xmin::text as version,
    (select count(*) from subscriptions s
      where s.plan_id = p.id and s.status in ('trialing', 'active', 'canceled'))::int as subscribers
  from plans p`;

const SORT: Record<AdminPlanQuery['sort'], string> = {
  sort: 'x.sort',
  code: 'x.code',
  price: 'x.price_satang',
  createdAt: 'x.created_at',
};

export function listPlans(db: Q, q: AdminPlanQuery) {
  return pageOfRows(
    db,
    `${PLAN} where ($1::boolean is null or p.active = $1)
       and ($2::text is null or p.code ilike '%' || $2 || '%' or p.name ilike '%' || $2 || '%'
         or p.name_en ilike '%' || $2 || '%')`,
    [q.active === undefined ? null : q.active === 'true', likeTerm(q.q)],
    [SORT[q.sort], 'x.id'],
    q,
    toPlan,
  );
}

export async function plan(db: Q, id: string, lock = false) {
  const { rows } = await db.query<PlanRow>(`${PLAN} where p.id = $1${lock ? ' for update of p' : ''}`, [id]);
  return rows[0] && toPlan(rows[0]);
}

export async function insertPlan(c: TxClient, id: string, f: PlanFields) {
  await c.query(
    `insert into plans (id, code, name, name_en, interval, interval_count, length_days, price_satang, active, sort)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      id,
      f.code,
      f.nameTh,
      f.nameEn,
      f.interval,
      f.intervalCount,
      f.lengthDays,
      f.priceSatang,
      f.active,
      f.sort,
    ],
  );
}

export async function updatePlan(c: TxClient, id: string, f: PlanFields) {
  await c.query(
    `update plans set name = $2, name_en = $3, interval = $4, interval_count = $5, length_days = $6,
       price_satang = $7, active = $8, sort = $9 where id = $1`,
    [id, f.nameTh, f.nameEn, f.interval, f.intervalCount, f.lengthDays, f.priceSatang, f.active, f.sort],
  );
}

/** Whether any subscription or order (paid or not) names the plan: such a plan is kept, only deactivated. */
export async function planInUse(c: Q, id: string) {
  const { rows } = await c.query<{ used: boolean }>(
    `select exists (select 1 from subscriptions where plan_id = $1)
         or exists (select 1 from orders where plan_id = $1) as used`,
    [id],
  );
  return rows[0]!.used;
}

export async function deletePlan(c: TxClient, id: string) {
  await c.query('delete from plans where id = $1', [id]);
}
