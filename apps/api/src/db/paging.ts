import type { Db, TxClient } from './client.js';

type Q = Db['$client'] | TxClient;

export { likeTerm } from './like.js';

/**
 * One page of a console list: `select` is the whole filtered query (its parameters in `values`), `sortBy` the
 * columns it is sorted by, as `x.<column>`, the first the one the list asks for and the last a unique one (so
 * pages never overlap), all in the list's order (`q.order`, newest or largest first unless it asks `asc`).
 */
export async function pageOfRows<R extends Record<string, unknown>, T>(
  db: Q,
  select: string,
  values: unknown[],
  sortBy: string[],
  q: { page: number; pageSize: number; order?: 'asc' | 'desc' },
  map: (r: R) => T,
) {
  const n = values.length;
  const dir = q.order === 'asc' ? 'asc' : 'desc';
  const order = sortBy.map((column) => `${column} ${dir}`).join(', ');
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
