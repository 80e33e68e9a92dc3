import type {
  AdminCourse,
  AdminCourseQuery,
  AdminCourseRow,
  AdminEpisode,
  PublishBlocker,
} from '@rianroo/contract';
import type { Db, TxClient } from '../../db/client.js';
import { likeTerm, pageOfRows } from '../../db/paging.js';
import type { RowOf } from '../../db/rows.js';
import type { courses, videoAssets } from '../../db/schema.js';
import { toEpisodeOutline, toEpisodeVideo, type EpisodeVideoRow } from './courses.repo.js';

type CourseRow = RowOf<typeof courses>;
/** COUNTS' columns (`count(*)::int`). */
type Counts = { episode_count: number; ready_count: number };
/** A row of the console's list (ROW). */
type CourseListRow = Pick<
  CourseRow,
  'id' | 'slug' | 'title' | 'status' | 'cover_image' | 'updated_at' | 'published_at'
> &
  Counts;
/** An episode of the console (EPISODES): with its video's progress and error (null without a video). */
type AdminEpisodeRow = EpisodeVideoRow & {
  progress: RowOf<typeof videoAssets>['progress'] | null;
  error: RowOf<typeof videoAssets>['error'];
};

const COUNTS = `(select count(*) from episodes e where e.course_id = c.id)::int as episode_count,
  (select count(*) from episodes e join video_assets a on a.id = e.video_asset_id
    where e.course_id = c.id and a.status = 'ready')::int as ready_count`;
const ROW = `c.id, c.slug, c.title, c.status, c.cover_image, c.updated_at, c.published_at, ${COUNTS}`;

const toRow = (r: CourseListRow): AdminCourseRow => ({
  id: r.id,
  slug: r.slug,
  title: r.title,
  status: r.status,
  coverImage: r.cover_image ?? null,
  episodeCount: r.episode_count,
  readyCount: r.ready_count,
  updatedAt: r.updated_at.toISOString(),
  publishedAt: r.published_at ? r.published_at.toISOString() : null,
});

const SORT: Record<AdminCourseQuery['sort'], string> = {
  updatedAt: 'x.updated_at',
  title: 'x.title',
  status: 'x.status',
};

export function listCourses(db: Db, q: AdminCourseQuery) {
  return pageOfRows(
    db.$client,
    `select ${ROW} from courses c
      where ($1::text is null or c.title ilike '%' || $1 || '%' or c.slug ilike '%' || $1 || '%')
        and ($2::text is null or c.status = $2)`,
    [likeTerm(q.q), q.status ?? null],
    [SORT[q.sort], 'x.id'],
    q,
    toRow,
  );
}

type Queryable = Pick<TxClient, 'query'>;

const EPISODES = `select e.*, a.status as video_status, a.progress, a.error, a.has_poster
  from episodes e left join video_assets a on a.id = e.video_asset_id where e.course_id = $1 order by e.sort, e.id`;

/** The console's episode: the fields every answer shares, with its edit fields and its video's whole state. */
const toEpisode = (e: AdminEpisodeRow): AdminEpisode => {
  const episode = toEpisodeOutline(e);
  const { videoStatus: status, posterUrl } = toEpisodeVideo(e);
  return {
    ...episode,
    courseId: e.course_id,
    description: e.description,
    published: e.published,
    video: {
      status,
      progress: status === 'ready' ? 100 : (e.progress ?? 0),
      error: status === 'failed' ? (e.error ?? null) : null,
      durationSeconds: episode.durationSeconds,
      posterUrl,
    },
    // bigint: node-postgres reads it as a string.
    version: String(e.version),
  };
};

/** What stands between a course and its publication: every published episode needs a ready video. */
export function blockersOf(episodes: AdminEpisode[]): PublishBlocker[] {
  const shown = episodes.filter((e) => e.published);
  if (!shown.length) return [{ reason: 'no_episodes', episodeId: null, episodeTitle: null }];
  const reason = {
    none: 'video_missing',
    queued: 'video_processing',
    processing: 'video_processing',
    failed: 'video_failed',
  } as const;
  return shown
    .filter((e) => e.video.status !== 'ready')
    .map((e) => ({
      reason: reason[e.video.status as keyof typeof reason],
      episodeId: e.id,
      episodeTitle: e.title,
    }));
}

export async function findCourse(c: Queryable, id: string, lock = false): Promise<AdminCourse | undefined> {
  const { rows } = await c.query<CourseRow & Counts>(
    `select c.*, ${COUNTS} from courses c where c.id = $1 ${lock ? 'for update of c' : ''}`,
    [id],
  );
  const r = rows[0];
  if (!r) return undefined;
  // One after another: `c` may be a transaction's one connection, which runs one query at a time.
  const eps = await c.query<AdminEpisodeRow>(EPISODES, [id]);
  const tags = await c.query<{ tag: string }>(
    `select tag from course_tags where course_id = $1 order by tag`,
    [id],
  );
  const inst = await c.query<{ instructor_id: string }>(
    `select instructor_id from course_instructors where course_id = $1 order by sort`,
    [id],
  );
  const episodes = eps.rows.map(toEpisode);
  return {
    ...toRow(r),
    subtitle: r.subtitle,
    description: r.description,
    categoryId: r.category_id ?? null,
    level: r.level,
    language: r.language,
    free: r.free,
    certificateEnabled: r.certificate_enabled,
    certificateRequiresEvaluation: r.certificate_requires_evaluation,
    tags: tags.rows.map((t) => t.tag),
    instructorIds: inst.rows.map((i) => i.instructor_id),
    episodes,
    publishBlockers: blockersOf(episodes),
    // bigint: node-postgres reads it as a string.
    version: String(r.version),
  };
}
