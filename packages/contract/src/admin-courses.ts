import { z } from 'zod';
import { boundedText, uuid } from './common.js';
import { editVersion, pageOf, pageQuery } from './admin.js';
import { videoStatus } from './media.js';

/** Text an editor types: trimmed, bounded, and without NUL (PostgreSQL refuses it). */
const text = boundedText;

export const courseStatus = z.enum(['draft', 'published', 'archived']);
export const courseLevel = z.enum(['beginner', 'intermediate', 'advanced']);
export const courseSlug = z
  .string()
  .trim()
  .min(2)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Lower-case letters, digits and single hyphens');

/** Where an episode's video is in the pipeline; `progress` is ffmpeg's percent while `processing`. */
export const adminVideoState = z.object({
  status: videoStatus,
  progress: z.number().int(),
  /** Why transcoding failed (ffmpeg's words), when `failed`. */
  error: z.string().nullable(),
  durationSeconds: z.number().int(),
  posterUrl: z.string().nullable(),
});
export type AdminVideoState = z.infer<typeof adminVideoState>;

export const adminEpisode = z.object({
  id: z.string(),
  courseId: z.string(),
  sort: z.number().int(),
  sectionTitle: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  isTeaser: z.boolean(),
  published: z.boolean(),
  durationSeconds: z.number().int(),
  video: adminVideoState,
  /** The edit version of the episode's own fields: sent back with an edit of them (`episodeUpdate`). */
  version: z.string(),
});
export type AdminEpisode = z.infer<typeof adminEpisode>;

export const adminCourseRow = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  status: courseStatus,
  coverImage: z.string().nullable(),
  episodeCount: z.number().int(),
  readyCount: z.number().int(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type AdminCourseRow = z.infer<typeof adminCourseRow>;

export const adminCourseQuery = pageQuery(['updatedAt', 'title', 'status']).extend({
  status: courseStatus.optional(),
});
export type AdminCourseQuery = z.infer<typeof adminCourseQuery>;
export const adminCoursePage = pageOf(adminCourseRow);
export type AdminCoursePage = z.infer<typeof adminCoursePage>;

/** Why a course cannot be published now: nothing half-done is published. */
export const publishBlocker = z.object({
  reason: z.enum(['no_episodes', 'video_missing', 'video_processing', 'video_failed']),
  episodeId: z.string().nullable(),
  episodeTitle: z.string().nullable(),
});
export type PublishBlocker = z.infer<typeof publishBlocker>;

export const adminCourse = adminCourseRow.extend({
  subtitle: z.string(),
  description: z.string(),
  categoryId: z.string().nullable(),
  level: courseLevel,
  language: z.string(),
  free: z.boolean(),
  certificateEnabled: z.boolean(),
  certificateRequiresEvaluation: z.boolean(),
  tags: z.array(z.string()),
  instructorIds: z.array(z.string()),
  episodes: z.array(adminEpisode),
  publishBlockers: z.array(publishBlocker),
  /** The edit version of the course's own fields: sent back with an edit of them (`courseUpdate`). */
  version: z.string(),
});
export type AdminCourse = z.infer<typeof adminCourse>;

export const courseFields = z.object({
  title: text(200, 1),
  slug: courseSlug,
  subtitle: text(300),
  description: text(20_000),
  categoryId: uuid.nullable(),
  level: courseLevel,
  language: z.enum(['th', 'en']),
  free: z.boolean(),
  certificateEnabled: z.boolean(),
  certificateRequiresEvaluation: z.boolean(),
  tags: z.array(text(40, 1)).max(20),
  instructorIds: z.array(uuid).max(10),
});
export const courseCreate = courseFields.partial().required({ title: true, slug: true });
export type CourseCreate = z.infer<typeof courseCreate>;
/** An edit of the course's fields, based on the `version` read: refused (409 EDIT_CONFLICT) when older. */
export const courseUpdate = courseFields.partial().extend({ version: editVersion });
export type CourseUpdate = z.infer<typeof courseUpdate>;

export const episodeFields = z.object({
  title: text(200, 1),
  description: text(20_000),
  sectionTitle: text(200).nullable(),
  isTeaser: z.boolean(),
  published: z.boolean(),
});
export const episodeCreate = episodeFields.partial().required({ title: true });
export type EpisodeCreate = z.infer<typeof episodeCreate>;
/** An edit of the episode's fields, based on the `version` read: refused (409 EDIT_CONFLICT) when older. */
export const episodeUpdate = episodeFields.partial().extend({ version: editVersion });
export type EpisodeUpdate = z.infer<typeof episodeUpdate>;

/** The course's episodes in their new order: every episode once. */
export const episodeOrder = z.object({ episodeIds: z.array(uuid).min(1).max(500) });
export type EpisodeOrder = z.infer<typeof episodeOrder>;

export const adminCategory = z.object({
  id: z.string(),
  slug: z.string(),
  nameTh: z.string(),
  nameEn: z.string(),
});
export type AdminCategory = z.infer<typeof adminCategory>;
export const categoryInput = z.object({ slug: courseSlug, nameTh: text(100, 1), nameEn: text(100, 1) });
export type CategoryInput = z.infer<typeof categoryInput>;
export const adminCategoryPage = pageOf(adminCategory);
export const adminInstructor = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  headline: z.string(),
});
export const instructorInput = z.object({
  slug: courseSlug,
  name: text(120, 1),
  headline: text(200).default(''),
  bio: text(5000).default(''),
});
export type InstructorInput = z.infer<typeof instructorInput>;
export const adminInstructorPage = pageOf(adminInstructor);
export const lookupQuery = pageQuery(['name']).extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(100),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type LookupQuery = z.infer<typeof lookupQuery>;

/** tus upload metadata the console sends (`Upload-Metadata`): which episode the video is for. */
export const uploadMetadata = z.object({ episodeId: uuid, filename: text(255).optional() });
