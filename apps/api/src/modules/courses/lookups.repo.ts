import type { CategoryInput, InstructorInput, LookupQuery } from '@rianroo/contract';
import type { Db, TxClient } from '../../db/client.js';
import { uuidv7 } from '../../lib/ids.js';
import { likeTerm, pageOfRows } from '../../db/paging.js';

type Category = { id: string; slug: string; name_th: string; name_en: string };
type Instructor = { id: string; slug: string; name: string; headline: string };

/** Categories for the course form's picker, one page, searched by name or slug. */
export function listCategories(db: Db, q: LookupQuery) {
  return pageOfRows(
    db.$client,
    `select id, slug, name_th, name_en, sort from categories
      where $1::text is null or name_th ilike '%' || $1 || '%' or name_en ilike '%' || $1 || '%' or slug ilike '%' || $1 || '%'`,
    [likeTerm(q.q)],
    ['x.sort', 'x.name_th', 'x.id'],
    q,
    (r: Category) => ({ id: r.id, slug: r.slug, nameTh: r.name_th, nameEn: r.name_en }),
  );
}

/** Instructors for the course form's picker, one page, searched by name or slug. */
export function listInstructors(db: Db, q: LookupQuery) {
  return pageOfRows(
    db.$client,
    `select id, slug, name, headline from instructors
      where $1::text is null or name ilike '%' || $1 || '%' or slug ilike '%' || $1 || '%'`,
    [likeTerm(q.q)],
    ['x.name', 'x.id'],
    q,
    (r: Instructor) => ({ id: r.id, slug: r.slug, name: r.name, headline: r.headline }),
  );
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
