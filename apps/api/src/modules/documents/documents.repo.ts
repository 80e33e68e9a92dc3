import type { Db } from '../../db/client.js';
import type { RowOf } from '../../db/rows.js';
import type { courses, episodes as episodesTable } from '../../db/schema.js';

/** A published course with what its summary document shows; undefined when unknown or not published. */
export async function summarySource(db: Db, courseId: string) {
  const { rows } = await db.$client.query<
    Pick<
      RowOf<typeof courses>,
      'id' | 'slug' | 'title' | 'subtitle' | 'description' | 'level' | 'free' | 'updated_at'
    >
  >(
    `select id, slug, title, subtitle, description, level, free, updated_at from courses
     where id = $1 and status = 'published'`,
    [courseId],
  );
  const course = rows[0];
  if (!course) return undefined;
  const episodes = await db.$client.query<
    Pick<RowOf<typeof episodesTable>, 'sort' | 'section_title' | 'title' | 'duration_seconds' | 'is_teaser'>
  >(
    `select sort, section_title, title, duration_seconds, is_teaser from episodes
     where course_id = $1 and published order by sort`,
    [courseId],
  );
  return { course, episodes: episodes.rows };
}

/** Published courses that have no attached PDF: their summary is the generated outline. */
export async function publishedCourseIds(db: Db) {
  const { rows } = await db.$client.query<{ id: string }>(
    `select id from courses c where status = 'published'
       and not exists (select 1 from course_summaries s where s.course_id = c.id)
     order by published_at desc`,
  );
  return rows.map((r) => r.id);
}
