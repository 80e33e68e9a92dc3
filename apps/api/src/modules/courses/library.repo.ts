import type { CatalogueSort } from '@rianroo/contract';
import type { Db } from '../../db/client.js';
import { likeTerm } from '../../db/like.js';
import type { RowOf } from '../../db/rows.js';
import type { categories } from '../../db/schema.js';
import type { CourseSummaryRow } from './courses.repo.js';
import { RATING_COLUMNS, RATING_JOIN, type RatingColumns } from './ratings.repo.js';

/** How many learners (`count(distinct ...)`: a bigint, read as a string). */
type Learners = { learners: string };

const SUMMARY_COLUMNS = `c.*, coalesce(x.cnt, 0)::int as episode_count, coalesce(x.total, 0)::int as total_duration`;
const EPISODE_TOTALS = `left join lateral (
    select count(*) as cnt, sum(duration_seconds) as total from episodes
    where course_id = c.id and published) x on true`;

export async function newestCourses(db: Db, limit = 20) {
  const { rows } = await db.$client.query<CourseSummaryRow>(
    `select ${SUMMARY_COLUMNS} from courses c ${EPISODE_TOTALS}
     where c.status = 'published' order by c.published_at desc nulls last limit $1`,
    [limit],
  );
  return rows;
}

/** Most learners active in the last 30 days first. */
export async function popularCourses(db: Db, limit = 20) {
  const { rows } = await db.$client.query<CourseSummaryRow & Learners>(
    `with recent as (
       select course_id, count(distinct user_id) as learners from episode_progress
       where updated_at > now() - interval '30 days' group by course_id)
     select ${SUMMARY_COLUMNS}, r.learners from recent r join courses c on c.id = r.course_id and c.status = 'published'
     ${EPISODE_TOTALS} order by r.learners desc, c.published_at desc limit $1`,
    [limit],
  );
  return rows;
}

/** Published courses with their category, the categories the learner studies first. */
export async function coursesByCategory(db: Db, userId: string) {
  const { rows } = await db.$client.query<
    CourseSummaryRow &
      Pick<RowOf<typeof categories>, 'name_th' | 'name_en'> & {
        cat_id: RowOf<typeof categories>['id'];
        cat_slug: RowOf<typeof categories>['slug'];
        /** `coalesce(count(*), 0)`: a bigint, read as a string. */
        mine: string;
      }
  >(
    `with mine as (
       select c.category_id, count(*) as n from episode_progress p join courses c on c.id = p.course_id
       where p.user_id = $1 group by c.category_id)
     select ${SUMMARY_COLUMNS}, k.id as cat_id, k.slug as cat_slug, k.name_th, k.name_en, coalesce(m.n, 0) as mine
     from courses c join categories k on k.id = c.category_id left join mine m on m.category_id = c.category_id
     ${EPISODE_TOTALS}
     where c.status = 'published'
     order by mine desc, k.sort, k.name_th, c.published_at desc`,
    [userId],
  );
  return rows;
}

/**
 * Co-watch: the courses most learners of this course also study, excluding this one. Bounded to the
 * learners of the course, so the cost follows the course's audience, not the whole table.
 */
export async function coWatched(db: Db, courseId: string, limit = 10) {
  const { rows } = await db.$client.query<CourseSummaryRow & Learners>(
    `with audience as (select distinct user_id from episode_progress where course_id = $1 limit 5000),
     other as (
       select p.course_id, count(distinct p.user_id) as learners
       from episode_progress p join audience a on a.user_id = p.user_id
       where p.course_id <> $1 group by p.course_id)
     select ${SUMMARY_COLUMNS}, o.learners from other o join courses c on c.id = o.course_id and c.status = 'published'
     ${EPISODE_TOTALS} order by o.learners desc limit $2`,
    [courseId, limit],
  );
  return rows;
}

export async function organizationCourses(db: Db, userId: string, kind: 'grant' | 'recommend') {
  const { rows } = await db.$client.query<CourseSummaryRow>(
    `select ${SUMMARY_COLUMNS} from users u
     join organization_courses oc on oc.organization_id = u.organization_id and oc.kind = $2
     join courses c on c.id = oc.course_id and c.status = 'published'
     ${EPISODE_TOTALS} where u.id = $1 order by oc.sort, c.title`,
    [userId, kind],
  );
  return rows;
}

/**
 * The learner's interest tags, at most 10: those they chose first, then the tags of the courses they watch
 * (most watched first), then those of their organisation's courses.
 */
export async function userTags(db: Db, userId: string): Promise<string[]> {
  const { rows } = await db.$client.query<{ tag: string }>({
    name: 'user_tags',
    // Sort key: a chosen tag keeps its place; then watched tags by how much, then the organisation's.
    text: `select tag from (
             select c.tag, c.n::float8 as rank
               from users u, unnest(u.tags) with ordinality as c(tag, n) where u.id = $1
             union all
             select ct.tag, 1e9 - count(*) from episode_progress p
               join course_tags ct on ct.course_id = p.course_id
              where p.user_id = $1 group by ct.tag
             union all
             select ct.tag, 2e9 - count(*) from users u
               join organization_courses oc on oc.organization_id = u.organization_id
               join course_tags ct on ct.course_id = oc.course_id
              where u.id = $1 group by ct.tag
           ) t
           group by tag order by min(rank), tag limit 10`,
    values: [userId],
  });
  return rows.map((r) => r.tag);
}

/**
 * The catalogue search's filter over `courses c` and `categories k`: $1 the words (ILIKE patterns: each one
 * in the title, subtitle or description), $2 category, $3 tag, $4 level.
 */
const SEARCH_WHERE = `where c.status = 'published'
       and ($1::text[] is null or not exists (select 1 from unnest($1::text[]) w(p)
             where not (c.title ilike w.p or c.subtitle ilike w.p or c.description ilike w.p)))
       and ($2::text is null or k.slug = $2)
       and ($3::text is null or exists (select 1 from course_tags t where t.course_id = c.id and t.tag = $3))
       and ($4::text is null or c.level = $4)`;

/** The most words of a search that are looked for (the rest of a pasted paragraph is left out). */
const SEARCH_WORDS = 8;

/** With search words ($1): whether every word is in the title (those courses come first). */
const TITLE_HAS_EVERY_WORD = `($1::text[] is not null
  and not exists (select 1 from unnest($1::text[]) w(p) where not c.title ilike w.p))`;

/** The catalogue's orders (CATALOGUE_SORTS), each ending on the id so that pages never overlap. */
const SEARCH_ORDER: Record<CatalogueSort, string> = {
  newest: `${TITLE_HAS_EVERY_WORD} desc, c.published_at desc nulls last, c.id`,
  rating: `rt.rating_average desc nulls last, rt.rating_count desc nulls last, ${TITLE_HAS_EVERY_WORD} desc,
           c.published_at desc nulls last, c.id`,
};

/**
 * Catalogue search. Thai has no spaces between words, so a word is found anywhere inside a title or a
 * description (substring match); words the learner separated with spaces are each looked for, all of them
 * in a course ("ลงทุน เบื้องต้น" finds "ลงทุนหุ้นเบื้องต้น"); courses with every word in the title rank first
 * (after the rating, when ordered by it). The total is of every match, whatever the page. The page is chosen
 * first, then only its courses get their episode totals and rating (every match gets a rating only when the
 * order needs it).
 */
export async function searchCourses(
  db: Db,
  q: {
    text?: string;
    category?: string;
    tag?: string;
    level?: string;
    sort?: CatalogueSort;
    limit: number;
    offset: number;
  },
) {
  const words = (q.text ?? '').split(/\s+/).filter(Boolean).slice(0, SEARCH_WORDS);
  const patterns = words.length ? words.map((w) => `%${likeTerm(w)}%`) : null;
  const filter = [patterns, q.category ?? null, q.tag ?? null, q.level ?? null];
  const sort = q.sort ?? 'newest';
  // total_count: `count(*) over ()`, a bigint, read as a string.
  const { rows } = await db.$client.query<CourseSummaryRow & RatingColumns & { total_count: string }>(
    `with page as (
       select c.id, count(*) over () as total_count, row_number() over (order by ${SEARCH_ORDER[sort]}) as n
       from courses c
       left join categories k on k.id = c.category_id
       ${sort === 'rating' ? RATING_JOIN : ''}
       ${SEARCH_WHERE}
       order by n limit $5 offset $6)
     select ${SUMMARY_COLUMNS}, ${RATING_COLUMNS}, p.total_count from page p join courses c on c.id = p.id
     ${EPISODE_TOTALS}
     ${RATING_JOIN}
     order by p.n`,
    [...filter, q.limit, q.offset],
  );
  if (rows[0]) return { rows, total: Number(rows[0].total_count) };
  // A page past the end has no row to carry the count: the total is still the matches', not 0.
  if (q.offset === 0) return { rows, total: 0 };
  const { rows: counted } = await db.$client.query<{ total: number }>(
    `select count(*)::int as total from courses c left join categories k on k.id = c.category_id ${SEARCH_WHERE}`,
    filter,
  );
  return { rows, total: counted[0]!.total };
}

/** Tags of published courses with how many courses carry each, most first. */
export async function catalogueTags(db: Db): Promise<{ tag: string; courses: number }[]> {
  const { rows } = await db.$client.query<{ tag: string; courses: number }>({
    name: 'catalogue_tags',
    text: `select t.tag, count(*)::int as courses from course_tags t
             join courses c on c.id = t.course_id and c.status = 'published'
           group by t.tag order by courses desc, t.tag limit 60`,
  });
  return rows;
}
