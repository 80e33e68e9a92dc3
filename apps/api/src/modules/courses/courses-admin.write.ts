import type { CourseCreate, CourseUpdate, EpisodeCreate, EpisodeUpdate } from '@rianroo/contract';
import type { TxClient } from '../../db/client.js';
import { renumber, type Children } from '../../db/renumber.js';
import { uuidv7 } from '../../lib/ids.js';

/** Course fields the console writes, by their column. */
const COURSE_COLUMNS = {
  title: 'title',
  slug: 'slug',
  subtitle: 'subtitle',
  description: 'description',
  categoryId: 'category_id',
  level: 'level',
  language: 'language',
  free: 'free',
  certificateEnabled: 'certificate_enabled',
  certificateRequiresEvaluation: 'certificate_requires_evaluation',
} as const;

/** A course's episodes, in their order. */
const EPISODES: Children = { table: 'episodes', parent: 'course_id', sort: 'sort' };

const EPISODE_COLUMNS = {
  title: 'title',
  description: 'description',
  sectionTitle: 'section_title',
  isTeaser: 'is_teaser',
  published: 'published',
} as const;

/** `set a = $2, b = $3` from the given fields (only those present), values after the id. */
function assignments(fields: Record<string, unknown>, columns: Record<string, string>) {
  const sets: string[] = [];
  const values: unknown[] = [];
  for (const [key, column] of Object.entries(columns)) {
    if (fields[key] === undefined) continue;
    values.push(fields[key]);
    sets.push(`${column} = $${values.length + 1}`);
  }
  return { sets, values };
}

export async function insertCourse(c: TxClient, input: CourseCreate): Promise<string> {
  const id = uuidv7();
  await c.query(`insert into courses (id, slug, title) values ($1, $2, $3)`, [id, input.slug, input.title]);
  await updateCourse(c, id, { ...input, slug: undefined, title: undefined });
  return id;
}

/** An edit of the course's own fields (tags and instructors too): it raises the course's edit version. */
export async function updateCourse(c: TxClient, id: string, input: Omit<CourseUpdate, 'version'>) {
  const { sets, values } = assignments(input, COURSE_COLUMNS);
  await c.query(
    `update courses set ${[...sets, 'updated_at = now()', 'version = version + 1'].join(', ')} where id = $1`,
    [id, ...values],
  );
  if (input.tags) {
    await c.query(`delete from course_tags where course_id = $1`, [id]);
    await c.query(
      `insert into course_tags (course_id, tag) select $1, t from unnest($2::text[]) t on conflict do nothing`,
      [id, input.tags],
    );
  }
  if (input.instructorIds) {
    await c.query(`delete from course_instructors where course_id = $1`, [id]);
    await c.query(
      `insert into course_instructors (course_id, instructor_id, sort)
       select $1, i, n::int from unnest($2::uuid[]) with ordinality as x(i, n) on conflict do nothing`,
      [id, input.instructorIds],
    );
  }
}

export async function setCourseStatus(c: TxClient, id: string, status: 'published' | 'draft') {
  await c.query(
    `update courses set status = $2, updated_at = now(),
       published_at = case when $2 = 'published' then coalesce(published_at, now()) else published_at end
     where id = $1`,
    [id, status],
  );
}

export async function setCover(c: TxClient, id: string, url: string) {
  await c.query(`update courses set cover_image = $2, updated_at = now() where id = $1`, [id, url]);
}

/** A new episode at the end of the course (the caller holds the course's row lock). */
export async function insertEpisode(c: TxClient, courseId: string, input: EpisodeCreate): Promise<string> {
  const id = uuidv7();
  await c.query(
    `insert into episodes (id, course_id, sort, title)
     values ($1, $2, (select coalesce(max(sort), 0) + 1 from episodes where course_id = $2), $3)`,
    [id, courseId, input.title],
  );
  await updateEpisode(c, id, { ...input, title: undefined });
  return id;
}

/** An edit of the episode's own fields: it raises the episode's edit version. */
export async function updateEpisode(c: TxClient, id: string, input: Omit<EpisodeUpdate, 'version'>) {
  const { sets, values } = assignments(input, EPISODE_COLUMNS);
  await c.query(`update episodes set ${[...sets, 'version = version + 1'].join(', ')} where id = $1`, [
    id,
    ...values,
  ]);
}

/** True when a learner has played the episode or started its quiz (what removing it would erase). */
export async function episodeInUse(c: TxClient, id: string, courseId: string) {
  const { rows } = await c.query<{ used: boolean }>(
    `select exists (select 1 from episode_progress where course_id = $2 and episode_id = $1)
         or exists (select 1 from assessment_attempts t join assessments a on a.id = t.assessment_id
                    where a.episode_id = $1) as used`,
    [id, courseId],
  );
  // A select without `from` answers one row; were there none, the episode would count as in use (kept).
  return rows[0]?.used ?? true;
}

export async function deleteEpisode(c: TxClient, id: string, courseId: string) {
  await c.query(`delete from episodes where id = $1`, [id]);
  await renumber(c, EPISODES, courseId);
}

/** The course's episodes numbered 1..n in the given order, in one statement. */
export async function orderEpisodes(c: TxClient, courseId: string, ids: string[]) {
  await renumber(c, EPISODES, courseId, ids);
}
