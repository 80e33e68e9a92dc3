import type { CourseAccess, CourseSummary, VideoStatus } from '@rianroo/contract';
import type { Db } from '../../db/client.js';
import type { RowOf } from '../../db/rows.js';
import type { courses, episodes, videoAssets } from '../../db/schema.js';

/** A course with SUMMARY's derived columns (`coalesce(...)::int`): also the rows of library.repo.ts. */
export type CourseSummaryRow = RowOf<typeof courses> & { episode_count: number; total_duration: number };

type VideoRow = RowOf<typeof videoAssets>;
/** An episode with its video asset's state (`left join`: null without one); the console's too. */
export type EpisodeVideoRow = RowOf<typeof episodes> & {
  video_status: VideoRow['status'] | null;
  has_poster: VideoRow['has_poster'] | null;
};

/** A published course with the derived episode count and total duration. */
const SUMMARY = `
  select c.*, coalesce(e.cnt, 0)::int as episode_count, coalesce(e.total, 0)::int as total_duration
  from courses c
  left join lateral (
    select count(*) as cnt, sum(duration_seconds) as total from episodes
    where course_id = c.id and published) e on true`;

export const toCourseSummary = (
  r: Pick<
    CourseSummaryRow,
    | 'id'
    | 'slug'
    | 'title'
    | 'subtitle'
    | 'description'
    | 'cover_image'
    | 'level'
    | 'language'
    | 'free'
    | 'published_at'
    | 'episode_count'
    | 'total_duration'
  >,
): CourseSummary => ({
  id: r.id,
  slug: r.slug,
  title: r.title,
  subtitle: r.subtitle,
  description: r.description,
  coverImage: r.cover_image ?? null,
  level: r.level,
  language: r.language,
  free: r.free,
  publishedAt: r.published_at ? r.published_at.toISOString() : null,
  episodeCount: r.episode_count,
  totalDurationSeconds: r.total_duration,
});

/** The video state of an episode row joined with its asset (`video_status`, `has_poster`); the console's too. */
export const toEpisodeVideo = (
  e: Pick<EpisodeVideoRow, 'video_status' | 'has_poster' | 'video_asset_id'>,
): { videoStatus: VideoStatus; posterUrl: string | null } => ({
  videoStatus: e.video_status ?? 'none',
  // A poster is the joined asset's: `has_poster` is null without one (no `video_asset_id`).
  posterUrl: e.has_poster && e.video_asset_id ? `/api/media/poster/${e.video_asset_id}` : null,
});

/** The fields of an episode every answer shares, the console's included. */
export const toEpisodeOutline = (
  e: Pick<EpisodeVideoRow, 'id' | 'sort' | 'section_title' | 'title' | 'duration_seconds' | 'is_teaser'>,
) => ({
  id: e.id,
  sort: e.sort,
  sectionTitle: e.section_title ?? null,
  title: e.title,
  durationSeconds: e.duration_seconds,
  isTeaser: e.is_teaser,
});

/** What the episode gate reads of an episode row (CoursesService.episodeLocked). */
export const toEpisodeGate = (e: Pick<EpisodeVideoRow, 'course_id' | 'is_teaser'>) => ({
  courseId: e.course_id,
  isTeaser: e.is_teaser,
});

export async function findPublishedCourse(db: Db, by: { id?: string; slug?: string }) {
  const { rows } = await db.$client.query<CourseSummaryRow>(
    `${SUMMARY} where c.status = 'published' and ${by.id ? 'c.id = $1' : 'c.slug = $1'}`,
    [by.id ?? by.slug],
  );
  return rows[0] ? toCourseSummary(rows[0]) : undefined;
}

export async function publishedSlugs(db: Db) {
  const { rows } = await db.$client.query<{ slug: string; updated_at: Date }>(
    `select slug, updated_at from courses where status = 'published' order by published_at desc`,
  );
  return rows.map((r) => ({ slug: r.slug, updatedAt: r.updated_at.toISOString() }));
}

/**
 * The one entitlement rule (SQL function course_access, migration 0007): may this learner watch this course, why,
 * and until when. Named and prepared: every content endpoint asks it.
 */
export async function courseAccess(db: Db, userId: string, courseId: string) {
  const { rows } = await db.$client.query<{ reason: CourseAccess['reason']; expires_at: Date | null }>({
    name: 'course_access',
    text: 'select reason, expires_at from course_access($1, $2)',
    values: [userId, courseId],
  });
  return rows[0] ?? { reason: 'none' as const, expires_at: null };
}

export async function publishedEpisodes(db: Db, courseId: string) {
  const { rows } = await db.$client.query<EpisodeVideoRow>(
    `select e.*, v.status as video_status, v.has_poster from episodes e
     left join video_assets v on v.id = e.video_asset_id
     where e.course_id = $1 and e.published order by e.sort`,
    [courseId],
  );
  return rows;
}

export async function findEpisode(db: Db, episodeId: string) {
  const { rows } = await db.$client.query<EpisodeVideoRow & { course_free: RowOf<typeof courses>['free'] }>(
    `select e.*, c.free as course_free, v.status as video_status, v.has_poster
     from episodes e join courses c on c.id = e.course_id
     left join video_assets v on v.id = e.video_asset_id
     where e.id = $1 and e.published and c.status = 'published'`,
    [episodeId],
  );
  return rows[0];
}

export async function courseInstructors(db: Db, courseId: string) {
  const { rows } = await db.$client.query<{
    id: string;
    name: string;
    headline: string;
    bio: string;
    avatar_url: string | null;
  }>(
    `select i.id, i.name, i.headline, i.bio, i.avatar_url from course_instructors ci
     join instructors i on i.id = ci.instructor_id where ci.course_id = $1 order by ci.sort, i.name`,
    [courseId],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    headline: r.headline,
    bio: r.bio,
    avatarUrl: r.avatar_url,
  }));
}
