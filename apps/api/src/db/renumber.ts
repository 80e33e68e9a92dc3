import type { TxClient } from './client.js';

/**
 * Rows kept in an order within their parent (a course's episodes, an assessment's questions): `table`'s rows
 * with one value of `parent`, numbered 1..n in `sort`. The names go into the SQL as they are written here, so
 * they are only ever the code's own constants, never anything a request sent.
 */
export interface Children {
  readonly table: string;
  readonly parent: string;
  readonly sort: string;
}

/**
 * Numbers a parent's children 1..n in one statement (the caller holds the parent's row lock): in the order of
 * `ids` when given (the caller has checked they are exactly the children), else in their present order,
 * closing the gap a removal left.
 */
export async function renumber(c: TxClient, of: Children, parentId: string, ids?: string[]) {
  const { table, parent, sort } = of;
  if (ids)
    await c.query(
      `update ${table} t set ${sort} = x.n from unnest($2::uuid[]) with ordinality as x(id, n)
       where t.id = x.id and t.${parent} = $1`,
      [parentId, ids],
    );
  else
    await c.query(
      `update ${table} t set ${sort} = x.n from (
         select id, row_number() over (order by ${sort}, id) as n from ${table} where ${parent} = $1) x
       where t.id = x.id and t.${sort} <> x.n`,
      [parentId],
    );
}
