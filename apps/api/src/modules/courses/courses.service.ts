import type { CatalogueSort, CourseAccess, CourseSummary, progressBody } from '@rianroo/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import * as courses from './courses.repo.js';
import * as library from './library.repo.js';
import * as progress from './progress.repo.js';
import * as ratings from './ratings.repo.js';
import { toCourseRating } from './ratings.repo.js';
import { ProgressWriter } from './progress-writer.js';
import { wholeSeconds } from './played-seconds.js';
import { toCourseSummary, toEpisodeGate, toEpisodeOutline, toEpisodeVideo } from './courses.repo.js';

export const noAccess = () =>
  new AppError('NO_ACCESS', 403, 'This episode needs a subscription or a free trial');
const round2 = (n: number) => Math.round(n * 100) / 100;

export interface CoursesDeps {
  db: Db;
}

/** Courses, access (PRODUCT.md section 7) and progress (section 5). */
export class CoursesService {
  /** Progress saves, written in batches (see ProgressWriter). */
  private readonly progressWriter: ProgressWriter;

  constructor(private readonly deps: CoursesDeps) {
    this.progressWriter = new ProgressWriter(deps.db);
  }
  private get db() {
    return this.deps.db;
  }

  async course(by: { id?: string; slug?: string }): Promise<CourseSummary> {
    const course = await courses.findPublishedCourse(this.db, by);
    if (!course) throw notFound('Course');
    return course;
  }

  slugs() {
    return courses.publishedSlugs(this.db);
  }

  /**
   * The one entitlement rule (PRODUCT.md section 7): a free course, a subscription giving access (trialing, active,
   * or canceled until its period ends), or a grant of the learner's organisation. One query (course_access).
   */
  async access(userId: string, course: { id: string }): Promise<CourseAccess> {
    const a = await courses.courseAccess(this.db, userId, course.id);
    return {
      canAccess: a.reason !== 'none',
      reason: a.reason,
      expiresAt: a.expires_at ? a.expires_at.toISOString() : null,
    };
  }

  /**
   * The episode gate, written once: an episode is locked for a learner unless it is a teaser (anyone may watch
   * it, a visitor without an account too: `userId` null) or the learner may access its course (the rule above);
   * for a visitor everything but a teaser is locked. The progress save's one statement (progress.repo.ts)
   * applies the same gate in SQL, on its hot path. `access`: when the caller already has it.
   */
  async episodeLocked(
    userId: string | null,
    episode: { courseId: string; isTeaser: boolean },
    access?: Pick<CourseAccess, 'canAccess'>,
  ): Promise<boolean> {
    if (episode.isTeaser) return false;
    if (userId === null) return true;
    return !(access ?? (await this.access(userId, { id: episode.courseId }))).canAccess;
  }

  /** Public: the course, its rating and its episode titles, for the course page. */
  async outline(slug: string) {
    const course = await this.course({ slug });
    const [rows, instructors, rating] = await Promise.all([
      courses.publishedEpisodes(this.db, course.id),
      courses.courseInstructors(this.db, course.id),
      ratings.courseRating(this.db, course.id),
    ]);
    return {
      course: { ...course, rating },
      instructors,
      episodes: rows.map(toEpisodeOutline),
    };
  }

  async checkCourse(userId: string, courseId: string) {
    return this.access(userId, await this.course({ id: courseId }));
  }

  /**
   * The course's published episodes in order, each locked for this learner or not; the assessments module adds
   * each episode's quiz (GET /course/:id/get-episode-and-quiz).
   */
  async learnerEpisodes(userId: string, courseId: string) {
    const course = await this.course({ id: courseId });
    const [access, rows] = await Promise.all([
      this.access(userId, course),
      courses.publishedEpisodes(this.db, courseId),
    ]);
    const episodes = await Promise.all(
      rows.map(async (e) => ({
        ...toEpisodeOutline(e),
        ...toEpisodeVideo(e),
        description: e.description,
        locked: await this.episodeLocked(userId, toEpisodeGate(e), access),
      })),
    );
    return { course, access, episodes };
  }

  /** The episode of a progress call, checked: it belongs to the course and the learner may watch it. */
  private watchable(userId: string, courseId: string, episodeId: string) {
    return this.watchableEpisode(userId, episodeId, courseId);
  }

  /**
   * A published episode of a published course the learner may watch (a teaser: anyone, a visitor too when
   * `userId` is null), of the given course when one is named; 404 when there is no such episode, 403 NO_ACCESS
   * when it is locked for this learner.
   */
  async watchableEpisode(userId: string | null, episodeId: string, courseId?: string) {
    const episode = await courses.findEpisode(this.db, episodeId);
    if (!episode || (courseId && episode.course_id !== courseId)) throw notFound('Episode');
    if (await this.episodeLocked(userId, toEpisodeGate(episode))) throw noAccess();
    return episode;
  }

  async saveProgress(userId: string, b: z.infer<typeof progressBody>) {
    const ranges = b.playedRanges ? wholeSeconds(b.playedRanges) : null;
    const sent = b.episodeCompletionPercentage;
    // One statement on the hot path; only a refusal costs a second look, to say 404 or 403.
    const row = await this.progressWriter.save({
      userId,
      episodeId: b.episode_id,
      courseId: b.course_id,
      lastSecond: Math.floor(b.last_second),
      // Without a percentage the played seconds alone give the completion (never the percentage alone).
      completionPercentage: sent === undefined ? null : Math.floor(Math.min(100, sent)),
      ranges,
    });
    if (!row) {
      await this.watchable(userId, b.course_id, b.episode_id);
      throw noAccess();
    }
    return {
      episode_id: b.episode_id,
      last_second: row.last_second,
      episodeCompletionPercentage: row.completion_percentage,
      watched: row.watched_at !== null,
      updatedAt: row.updated_at.toISOString(),
    };
  }

  async saveFirstWatched(userId: string, courseId: string, episodeId: string) {
    await this.watchable(userId, courseId, episodeId);
    await progress.markFirstWatched(this.db, userId, episodeId, courseId);
  }

  async markWatched(userId: string, courseId: string, episodeId: string) {
    await this.watchable(userId, courseId, episodeId);
    return { watched: await progress.markWatched(this.db, userId, episodeId) };
  }

  async ongoing(userId: string, courseId: string) {
    const rows = await progress.progressOfCourse(this.db, userId, courseId);
    return rows.map((r) => ({
      episode_id: r.episode_id,
      last_second: r.last_second,
      episodeCompletionPercentage: r.completion_percentage,
      watched: r.watched_at !== null,
      updatedAt: r.updated_at.toISOString(),
    }));
  }

  /** Watched ids without and with teasers; finish = watched non-teasers / all non-teasers x 100. */
  async watched(userId: string, courseId: string) {
    const [rows, total] = await Promise.all([
      progress.progressOfCourse(this.db, userId, courseId),
      progress.countNonTeaserEpisodes(this.db, courseId),
    ]);
    const watched = rows.filter((r) => r.watched_at !== null);
    const nonTeaser = watched.filter((r) => !r.is_teaser).map((r) => r.episode_id);
    return {
      watchedEpisode: nonTeaser,
      watchedEpisodeIncludeTeaser: watched.map((r) => r.episode_id),
      courseFinishPercentage: total ? round2((nonTeaser.length / total) * 100) : 0,
    };
  }

  async lastWatched(userId: string) {
    const last = await progress.lastWatched(this.db, userId);
    if (!last) return null;
    return {
      course: await this.course({ id: last.course_id }),
      episode: { id: last.episode_id, title: last.title },
      last_second: last.last_second,
    };
  }

  async myCourses(userId: string) {
    const rows = await progress.myCourses(this.db, userId);
    return rows.map((r) => ({
      ...toCourseSummary(r),
      courseFinishPercentage: r.non_teaser ? round2((Number(r.watched) / r.non_teaser) * 100) : 0,
      lastWatchedEpisodeId: r.last_episode ?? null,
      lastWatchedAt: r.last_at?.toISOString() ?? null,
      completed: r.completed,
      testsTotal: r.tests_total,
      testsPassed: r.tests_passed,
      certificateCode: r.certificate_code ?? null,
      assignment: r.assigned_by
        ? {
            organization: r.assigned_by,
            dueAt: r.assignment_due_at?.toISOString() ?? null,
            overdue: !!r.assignment_overdue,
          }
        : null,
    }));
  }

  async episode(userId: string, episodeId: string) {
    const e = await courses.findEpisode(this.db, episodeId);
    if (!e) throw notFound('Episode');
    const locked = await this.episodeLocked(userId, toEpisodeGate(e));
    return {
      ...toEpisodeOutline(e),
      ...toEpisodeVideo(e),
      courseId: e.course_id,
      description: e.description,
      locked,
    };
  }

  async newest() {
    return (await library.newestCourses(this.db)).map(toCourseSummary);
  }

  private popularCache?: { until: number; value: Promise<CourseSummary[]> };
  /** The same for every learner, so computed at most once a minute per process. */
  popular() {
    if (!this.popularCache || this.popularCache.until < Date.now()) {
      const value = library.popularCourses(this.db).then((rows) => rows.map(toCourseSummary));
      value.catch(() => (this.popularCache = undefined));
      this.popularCache = { until: Date.now() + 60_000, value };
    }
    return this.popularCache.value;
  }

  async byCategory(userId: string) {
    const groups = new Map<
      string,
      { category: { id: string; slug: string; nameTh: string; nameEn: string }; courses: CourseSummary[] }
    >();
    for (const r of await library.coursesByCategory(this.db, userId)) {
      const id = r.cat_id;
      if (!groups.has(id))
        groups.set(id, {
          category: {
            id,
            slug: r.cat_slug,
            nameTh: r.name_th,
            nameEn: r.name_en,
          },
          courses: [],
        });
      groups.get(id)!.courses.push(toCourseSummary(r));
    }
    return [...groups.values()];
  }

  /** Only for oneself (or an admin): another learner's id gets 404. */
  async recommended(auth: { userId: string; role: string }, userId: string, courseId: string) {
    if (auth.userId !== userId && auth.role !== 'admin') throw notFound('User');
    const [rows, watched] = await Promise.all([
      library.coWatched(this.db, courseId),
      this.watched(userId, courseId),
    ]);
    return { courses: rows.map(toCourseSummary), watchedEpisode: watched.watchedEpisode };
  }

  catalogueTags() {
    return library.catalogueTags(this.db);
  }

  userTags(userId: string) {
    return library.userTags(this.db, userId);
  }

  async organizationPicks(userId: string) {
    return (await library.organizationCourses(this.db, userId, 'recommend')).map(toCourseSummary);
  }

  async search(q: {
    q?: string;
    category?: string;
    tag?: string;
    level?: string;
    sort?: CatalogueSort;
    limit: number;
    offset: number;
  }) {
    const { rows, total } = await library.searchCourses(this.db, { ...q, text: q.q || undefined });
    return { total, courses: rows.map((r) => ({ ...toCourseSummary(r), rating: toCourseRating(r) })) };
  }
}
