import type {
  AdminCourse,
  AdminCourseQuery,
  CourseCreate,
  CourseUpdate,
  EpisodeCreate,
  EpisodeUpdate,
} from '@rianroo/contract';
import { createHash } from 'node:crypto';
import type { Db, TxClient } from '../../db/client.js';
import { isForeignKeyViolation, isUniqueViolation, violatedConstraint } from '../../db/errors.js';
import { AppError, notFound } from '../../lib/errors.js';
import { auditedWrite, type AuditedChange } from '../audit/index.js';
import { sameVersion } from '../../db/versioned.js';
import { imageType } from '../../lib/file-types.js';
import type { Storage } from '../../lib/storage.js';
import { coverCopies } from './cover-copies.js';
import { findCourse, listCourses } from './courses-admin.repo.js';
import * as w from './courses-admin.write.js';

/** PostgreSQL's refusals of an edit, as the one error shape. */
function asAppError(err: unknown): unknown {
  if (isUniqueViolation(err) && violatedConstraint(err)?.includes('slug'))
    return new AppError('ALREADY_EXISTS', 409, 'Another course has this slug', [
      { path: 'slug', message: 'Another course has this slug' },
    ]);
  if (isForeignKeyViolation(err))
    return new AppError('VALIDATION_ERROR', 400, 'A category or instructor given does not exist');
  return err;
}

/** Learners would see an episode they cannot play. */
const noReadyVideo = () => new AppError('EPISODE_NOT_READY', 409, 'This episode has no ready video yet');

export interface CoursesAdminDeps {
  db: Db;
  storage: Storage;
}

/**
 * Course authoring for administrators. Every write runs in one transaction holding the course's row lock
 * (so concurrent edits of one course take turns) and records the course before and after in the audit log.
 */
export class CoursesAdminService {
  constructor(private readonly deps: CoursesAdminDeps) {}

  list(q: AdminCourseQuery) {
    return listCourses(this.deps.db, q);
  }

  async get(id: string): Promise<AdminCourse> {
    const course = await findCourse(this.deps.db.$client, id);
    if (!course) throw notFound('Course');
    return course;
  }

  /** Runs `change` on a locked course and audits it; answers the course after. */
  private write(
    actorId: string,
    courseId: string,
    action: string,
    change: (c: TxClient, before: AdminCourse) => Promise<void>,
  ): Promise<AdminCourse> {
    return this.audited(actorId, action, { id: courseId, change });
  }

  /** An audited write of a course, with PostgreSQL's refusals of it as the one error shape. */
  private async audited(actorId: string, action: string, row: AuditedChange<AdminCourse>) {
    try {
      return await auditedWrite(this.deps.db, {
        actorId,
        action,
        entity: 'course',
        what: 'Course',
        read: findCourse,
        ...row,
      });
    } catch (err) {
      throw asAppError(err);
    }
  }

  create(actorId: string, input: CourseCreate): Promise<AdminCourse> {
    return this.audited(actorId, 'course.create', { id: null, change: (c) => w.insertCourse(c, input) });
  }

  /**
   * Edits the course's own fields. Refused (409 EDIT_CONFLICT) when another edit of them came first since
   * `version` was read: checked under the course's lock, so of two edits based on one read the second fails.
   */
  update(actorId: string, id: string, { version, ...input }: CourseUpdate) {
    return this.write(actorId, id, 'course.update', async (c, before) => {
      sameVersion(before, version, 'Course');
      await w.updateCourse(c, id, input);
    });
  }

  /** Publishes a course whose every published episode has a ready video; otherwise says what is missing. */
  publish(actorId: string, id: string) {
    return this.write(actorId, id, 'course.publish', async (c, before) => {
      if (before.publishBlockers.length)
        throw new AppError(
          'COURSE_NOT_PUBLISHABLE',
          409,
          'The course cannot be published yet: every episode needs a ready video',
          undefined,
          { blockers: before.publishBlockers },
        );
      await w.setCourseStatus(c, id, 'published');
    });
  }

  unpublish(actorId: string, id: string) {
    return this.write(actorId, id, 'course.unpublish', (c) => w.setCourseStatus(c, id, 'draft'));
  }

  /**
   * A cover image (JPEG, PNG or WebP by its first bytes), stored under a name that changes with it, with its
   * WebP copies for the cards (cover-copies.ts); the course's cover is the 720 px copy, whose name gives the
   * others (`coverSrcset`). The upload itself is kept beside them.
   */
  async setCover(actorId: string, id: string, image: Buffer) {
    const type = imageType(image);
    if (!type)
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'The cover must be a JPEG, PNG or WebP image');
    // Made before the transaction: resizing takes a moment, and holds no row.
    const copies = await coverCopies(image);
    const name = createHash('sha256').update(image).digest('hex').slice(0, 16);
    return this.write(actorId, id, 'course.cover', async (c) => {
      // Stored only once the course is found (covers are served publicly by their path); the same bytes
      // under the same name, so a transaction run again stores nothing new.
      await this.deps.storage.put(`covers/${id}/${name}.${type.ext}`, image);
      for (const copy of copies)
        await this.deps.storage.put(`covers/${id}/${name}-${copy.width}.webp`, copy.bytes);
      await w.setCover(c, id, `/api/media/covers/${id}/${name}-720.webp`);
    });
  }

  /** A new episode has no video yet: on a published course it starts hidden, and is shown once its video is ready. */
  addEpisode(actorId: string, courseId: string, input: EpisodeCreate) {
    return this.write(actorId, courseId, 'episode.create', async (c, before) => {
      if (before.status === 'published' && input.published) throw noReadyVideo();
      const published = before.status === 'published' ? false : input.published;
      await w.insertEpisode(c, courseId, { ...input, published });
    });
  }

  /**
   * Edits the episode's own fields. Refused (409 EDIT_CONFLICT) when another edit of them came first since
   * `version` was read: checked under the course's lock, as a course's edit is.
   */
  async updateEpisode(actorId: string, episodeId: string, { version, ...input }: EpisodeUpdate) {
    const courseId = await this.courseOf(episodeId);
    return this.write(actorId, courseId, 'episode.update', async (c, before) => {
      const e = sameVersion(
        before.episodes.find((x) => x.id === episodeId),
        version,
        'Episode',
      );
      // Hiding or showing an episode of a published course must not publish a half-done one.
      if (before.status === 'published' && input.published && !e.published && e.video.status !== 'ready')
        throw noReadyVideo();
      await w.updateEpisode(c, episodeId, input);
    });
  }

  /**
   * Removes an episode of a draft course that no learner has played nor taken the quiz of: their progress,
   * attempts and certificates rest on it (EPISODE_IN_USE: hide it instead). Checked under the course's lock,
   * so of several removals at once one removes it and the others find it gone.
   */
  async deleteEpisode(actorId: string, episodeId: string) {
    const courseId = await this.courseOf(episodeId);
    return this.write(actorId, courseId, 'episode.delete', async (c, before) => {
      if (!before.episodes.some((e) => e.id === episodeId)) throw notFound('Episode');
      if (before.status === 'published')
        throw new AppError('COURSE_IS_PUBLISHED', 409, 'Unpublish the course before removing an episode');
      if (await w.episodeInUse(c, episodeId, courseId))
        throw new AppError(
          'EPISODE_IN_USE',
          409,
          'Learners have watched this episode or taken its quiz: hide it instead of removing it',
        );
      await w.deleteEpisode(c, episodeId, courseId);
    });
  }

  /** The episodes in a new order; refused when the list is not exactly the course's episodes now. */
  order(actorId: string, courseId: string, ids: string[]) {
    return this.write(actorId, courseId, 'course.order', async (c, before) => {
      const now = before.episodes.map((e) => e.id);
      if (ids.length !== now.length || new Set(ids).size !== ids.length || !ids.every((i) => now.includes(i)))
        throw new AppError('STALE_EDIT', 409, 'The episodes changed meanwhile; reload and order them again');
      await w.orderEpisodes(c, courseId, ids);
    });
  }

  private async courseOf(episodeId: string) {
    const { rows } = await this.deps.db.$client.query<{ course_id: string }>(
      `select course_id from episodes where id = $1`,
      [episodeId],
    );
    if (!rows[0]) throw notFound('Episode');
    return rows[0].course_id;
  }
}
