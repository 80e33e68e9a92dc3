import type { Db, TxClient } from './client.js';

type Q = Db['$client'] | TxClient;

export { likeTerm } from './like.js';

/**
 * One page of a console list: `select` is the whole filtered query (its parameters in `values`), `order` an
 * ORDER BY over its columns as `x.<column>` (ending with a unique column, so pages never overlap).
 */
export async function pageOfRows<R extends Record<string, unknown>, T>(
  db: Q,
  select: string,
  values: unknown[],
  order: string,
  q: { page: number; pageSize: number },
  map: (r: R) => T,
) {
  const n = values.length;
  const { rows } = await db.query<R & { total: string }>(
    `select x.*, count(*) over () as total from (${select}) x order by ${order} limit $${n + 1} offset $${n + 2}`,
    [...values, q.pageSize, (q.page - 1) * q.pageSize],
  );
  const total = rows.length
    ? Number(rows[0]!.total)
    : q.page === 1
      ? 0
      : Number((await db.query<{ n: string }>(`select count(*) as n from (${select}) x`, values)).rows[0]!.n);
  return { items: rows.map(map), total, page: q.page, pageSize: q.pageSize };
}
