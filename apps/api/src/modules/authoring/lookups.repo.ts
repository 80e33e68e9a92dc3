import type { CategoryInput, InstructorInput, LookupQuery } from '@rianroo/contract';
import type { Db, TxClient } from '../../db/client.js';
import { uuidv7 } from '../../lib/ids.js';

type Named = { total: string };

/** Categories for the course form's picker, one page, searched by name or slug. */
export async function listCategories(db: Db, q: LookupQuery) {
  const { rows } = await db.$client.query<
    { id: string; slug: string; name_th: string; name_en: string } & Named
  >(
    `select id, slug, name_th, name_en, count(*) over () as total from categories
      where ($1::text is null or name_th ilike '%' || $1 || '%' or name_en ilike '%' || $1 || '%' or slug ilike '%' || $1 || '%')
      order by sort ${q.order}, name_th ${q.order} limit $2 offset $3`,
    [q.q ?? null, q.pageSize, (q.page - 1) * q.pageSize],
  );
  return {
    items: rows.map((r) => ({ id: r.id, slug: r.slug, nameTh: r.name_th, nameEn: r.name_en })),
    total: rows.length ? Number(rows[0]!.total) : 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function listInstructors(db: Db, q: LookupQuery) {
  const { rows } = await db.$client.query<
    { id: string; slug: string; name: string; headline: string } & Named
  >(
    `select id, slug, name, headline, count(*) over () as total from instructors
      where ($1::text is null or name ilike '%' || $1 || '%' or slug ilike '%' || $1 || '%')
      order by name ${q.order} limit $2 offset $3`,
    [q.q ?? null, q.pageSize, (q.page - 1) * q.pageSize],
  );
  return {
    items: rows.map(({ total: _t, ...r }) => r),
    total: rows.length ? Number(rows[0]!.total) : 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function insertCategory(c: TxClient, input: CategoryInput) {
  const row = { id: uuidv7(), ...input };
  await c.query(
    `insert into categories (id, slug, name_th, name_en, sort)
     values ($1, $2, $3, $4, (select coalesce(max(sort), 0) + 1 from categories))`,
    [row.id, row.slug, row.nameTh, row.nameEn],
  );
  return row;
}

export async function insertInstructor(c: TxClient, input: InstructorInput) {
  const id = uuidv7();
  await c.query(`insert into instructors (id, slug, name, headline, bio) values ($1, $2, $3, $4, $5)`, [
    id,
    input.slug,
    input.name,
    input.headline,
    input.bio,
  ]);
  return { id, slug: input.slug, name: input.name, headline: input.headline };
}
