import { z } from 'zod';
import { uuid } from './common.js';
import { MAX_PLAYED_RANGES } from './limits.js';
import { CATALOGUE_PAGE_SIZE, CATALOGUE_SORTS, COURSE_LEVELS, SEARCH_MAX_LENGTH } from './paths.js';
import { assessmentSummary } from './assessments.js';
import { videoStatus } from './media.js';
import { libraryAssignment } from './org-assign.js';

export const courseIdParams = z.object({ id: uuid });
export const slugParams = z.object({ slug: z.string().trim().min(1).max(200) });

/**
 * A course's rating as a visitor sees it: the average of its learners' answers to the evaluation's rating questions
 * (1-5, one decimal) and how many evaluations gave one. Null until enough learners have rated the course (the
 * API decides how many: modules/courses/ratings.repo.ts); never a number made of too few ratings.
 */
export const courseRating = z.object({
  average: z.number().min(1).max(5),
  count: z.number().int().min(1),
});
export type CourseRating = z.infer<typeof courseRating>;

export const courseSummary = z.object({
  id: uuid,
  slug: z.string(),
  title: z.string(),
  subtitle: z.string(),
  description: z.string(),
  coverImage: z.string().nullable(),
  level: z.string(),
  language: z.string(),
  free: z.boolean(),
  publishedAt: z.string().nullable(),
  episodeCount: z.number().int(),
  totalDurationSeconds: z.number().int(),
  /** Given by the catalogue and a course's page (null: not shown yet); other lists leave it out. */
  rating: courseRating.nullable().optional(),
});
export type CourseSummary = z.infer<typeof courseSummary>;

export const accessReason = z.enum(['free', 'subscription', 'trial', 'organization', 'none']);
export const courseAccess = z.object({
  canAccess: z.boolean(),
  reason: accessReason,
  expiresAt: z.string().nullable(),
});
export type CourseAccess = z.infer<typeof courseAccess>;

export const episodeItem = z.object({
  id: uuid,
  sort: z.number().int(),
  sectionTitle: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  durationSeconds: z.number().int(),
  isTeaser: z.boolean(),
  locked: z.boolean(),
  videoStatus,
  /** Poster image of the episode's video (public), once the video is ready. */
  posterUrl: z.string().nullable(),
  /** The quiz the author placed after this episode, with this learner's attempts; never its answers. */
  quiz: assessmentSummary.nullable(),
});
export const episodesAndQuizzes = z.object({
  course: courseSummary,
  access: courseAccess,
  episodes: z.array(episodeItem),
  /** Taken before the first episode (skippable only when the author allows). */
  preTest: assessmentSummary.nullable(),
  /** Opens when every non-teaser episode is watched; passing it completes the course. */
  postTest: assessmentSummary.nullable(),
});

/** The longest episode a played range may reach into, in seconds (a day). */
export const MAX_PLAYED_SECOND = 86_400;
const playedSecond = z.number().finite().min(0).max(MAX_PLAYED_SECOND);
/**
 * `[from, to]` seconds played, from before to; the server rounds them to whole seconds and keeps what lies
 * within the episode. The message is a key, not text for people.
 */
export const playedRange = z
  .tuple([playedSecond, playedSecond])
  .refine(([from, to]) => from < to, { message: 'played_range_from_not_before_to' });

/** Spec section 3: the progress payload, keys spelled as the spec spells them, and the ranges played. */
export const progressBody = z.object({
  course_id: uuid,
  episode_id: uuid,
  last_second: z.number().finite().min(0).max(10_000_000),
  episodeCompletionPercentage: z.number().finite().min(0).optional(),
  /** The seconds played since the last save; older players send none. */
  playedRanges: z.array(playedRange).max(MAX_PLAYED_RANGES).optional(),
});
export const progressItem = z.object({
  episode_id: uuid,
  last_second: z.number().int(),
  episodeCompletionPercentage: z.number().int(),
  watched: z.boolean(),
  updatedAt: z.string(),
});
export const progressList = z.array(progressItem);
export const courseQuery = z.object({ course: uuid });

/** Spec section 3: the first-watch payload. */
export const episodeRef = z.object({ course_id: uuid, episode_id: uuid });
/** `POST /users/watched-episode`: whether the episode now counts as watched (enough of it was played). */
export const watchedAnswer = z.object({ watched: z.boolean() });
export type WatchedAnswer = z.infer<typeof watchedAnswer>;

export const watchedEpisodes = z.object({
  watchedEpisode: z.array(uuid),
  watchedEpisodeIncludeTeaser: z.array(uuid),
  courseFinishPercentage: z.number(),
});

export const lastWatched = z
  .object({
    course: courseSummary,
    episode: z.object({ id: uuid, title: z.string() }),
    last_second: z.number().int(),
  })
  .nullable();
export type LastWatched = z.infer<typeof lastWatched>;

export const myCourse = courseSummary.extend({
  courseFinishPercentage: z.number(),
  lastWatchedEpisodeId: uuid.nullable(),
  /** Null for a course assigned to the learner that they have not started. */
  lastWatchedAt: z.string().nullable(),
  /** Every requirement met (episodes and, when there is one, the post-test). */
  completed: z.boolean(),
  /** Tests of the course that can be passed (episode quizzes and the post-test; not the pre-test) and how many this learner passed. */
  testsTotal: z.number().int(),
  testsPassed: z.number().int(),
  /** The code of the learner's certificate of this course, once issued. */
  certificateCode: z.string().nullable(),
  /** Assigned by the learner's organisation (such courses come first, soonest due first), or null. */
  assignment: libraryAssignment.nullable().optional(),
});
export const myCourseList = z.array(myCourse);

export const courseList = z.array(courseSummary);
export const categoryCourses = z.array(
  z.object({
    category: z.object({ id: uuid, slug: z.string(), nameTh: z.string(), nameEn: z.string() }),
    courses: courseList,
  }),
);
export const recommendedQuery = z.object({ userId: uuid, courseId: uuid });
export const recommendedCourses = z.object({ courses: courseList, watchedEpisode: z.array(uuid) });

const noneIfEmpty = <T extends string>(v: T | undefined) => v || undefined;

export const searchQuery = z.object({
  q: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
  // A filter left empty (as a plain GET form sends it) is no filter, as an empty q is.
  category: z.string().trim().max(100).optional().transform(noneIfEmpty),
  tag: z.string().trim().max(100).optional().transform(noneIfEmpty),
  level: z
    .enum(['', ...COURSE_LEVELS])
    .optional()
    .transform(noneIfEmpty),
  sort: z
    .enum(['', ...CATALOGUE_SORTS])
    .optional()
    .transform((v) => v || 'newest'),
  limit: z.coerce.number().int().min(1).max(50).default(CATALOGUE_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});
export const searchResult = z.object({ total: z.number().int(), courses: courseList });
export type SearchResult = z.infer<typeof searchResult>;

export const episodeIdParams = z.object({ id: uuid });
export const episodeDetail = z.object({
  id: uuid,
  courseId: uuid,
  sort: z.number().int(),
  title: z.string(),
  description: z.string(),
  durationSeconds: z.number().int(),
  isTeaser: z.boolean(),
  locked: z.boolean(),
  videoStatus,
  posterUrl: z.string().nullable(),
});

export const instructor = z.object({
  id: uuid,
  name: z.string(),
  headline: z.string(),
  bio: z.string(),
  avatarUrl: z.string().nullable(),
});
export type Instructor = z.infer<typeof instructor>;

/** The public outline of a course page: no locks, no progress, nothing about the visitor. */
export const courseOutline = z.object({
  course: courseSummary,
  instructors: z.array(instructor),
  episodes: z.array(
    z.object({
      id: uuid,
      sort: z.number().int(),
      sectionTitle: z.string().nullable(),
      title: z.string(),
      durationSeconds: z.number().int(),
      isTeaser: z.boolean(),
    }),
  ),
});
export type CourseOutline = z.infer<typeof courseOutline>;

/** The topics of the published catalogue, most courses first (onboarding offers them as interests). */
export const catalogueTags = z.array(z.object({ tag: z.string(), courses: z.number().int() }));
/** `GET /courses/get-slug-courses`: every published course's slug and last change (sitemaps). */
export const courseSlugs = z.array(z.object({ slug: z.string(), updatedAt: z.string() }));
export type CourseSlug = z.infer<typeof courseSlugs>[number];
/** `GET /users/user-tags`: the learner's interest tags. */
export const userTags = z.array(z.string());
