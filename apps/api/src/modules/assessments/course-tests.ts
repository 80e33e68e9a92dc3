import type { Db } from '../../db/client.js';
import type { CoursesService } from '../courses/index.js';
import { summaries } from './assessments.repo.js';

/**
 * A course's published episodes in order, locked for this learner or not, each with its quiz; and the course's
 * pre-test and post-test (POST /course/:id/get-episode-and-quiz). 404 when the course is not published.
 */
export async function episodesAndQuizzes(db: Db, courses: CoursesService, userId: string, courseId: string) {
  const [outline, tests] = await Promise.all([
    courses.learnerEpisodes(userId, courseId),
    summaries(db, userId, courseId),
  ]);
  return {
    ...outline,
    episodes: outline.episodes.map((e) => ({ ...e, quiz: tests.byEpisode.get(e.id) ?? null })),
    preTest: tests.preTest,
    postTest: tests.postTest,
  };
}
