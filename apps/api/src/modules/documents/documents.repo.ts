import type { Db } from '../../db/client.js';

/** A published course with what its summary document shows; undefined when unknown or not published. */
export async function summarySource(db: Db, courseId: string) {
  const { rows } = await db.$client.query<{
    id: string;
    slug: string;
    title: string;
    subtitle: string;
    description: string;
    level: string;
    free: boolean;
    updated_at: Date;
  }>(
    `select id, slug, title, subtitle, description, level, free, updated_at from courses
     where id = $1 and status = 'published'`,
    [courseId],
  );
  const course = rows[0];
  if (!course) return undefined;
  const episodes = await db.$client.query<{
    sort: number;
    section_title: string | null;
    title: string;
    duration_seconds: number;
    is_teaser: boolean;
  }>(
    `select sort, section_title, title, duration_seconds, is_teaser from episodes
     where course_id = $1 and published order by sort`,
    [courseId],
  );
  return { course, episodes: episodes.rows };
}

export async function publishedCourseIds(db: Db) {
  const { rows } = await db.$client.query<{ id: string }>(
    `select id from courses where status = 'published' order by published_at desc`,
  );
  return rows.map((r) => r.id);
}
