import type { Db } from '../../db/client.js';

/**
 * Where a learner stands in a course, by the one completion rule (the SQL function `course_completion`,
 * migration 0006): every published non-teaser episode watched and, if the course has a post-test, passed.
 */
export async function courseCompletion(db: Db, userId: string, courseId: string) {
  const { rows } = await db.$client.query<{
    episodes_total: number;
    episodes_watched: number;
    episodes_done: boolean;
    completed: boolean;
    completed_at: Date | null;
  }>({
    name: 'course_completion',
    text: `select episodes_total, episodes_watched, episodes_done, completed, completed_at
           from course_completion($1, $2)`,
    values: [userId, courseId],
  });
  const r = rows[0]!;
  return {
    episodesTotal: r.episodes_total,
    episodesWatched: r.episodes_watched,
    episodesDone: r.episodes_done,
    completed: r.completed,
    completedAt: r.completed_at,
  };
}
