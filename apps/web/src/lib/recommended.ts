import type { recommendedCourses } from '@rianroo/contract';
import type { z } from 'zod';
import { api } from './api';

export type Recommended = z.infer<typeof recommendedCourses>;

/**
 * Courses watched together with a course, and my watched episodes of it (`/users/my-recommended-course`). The
 * spec's rule: without both ids there is no call, and the answer is `{ watchedEpisode: [] }` (no courses).
 */
export async function getRecommended(uid: string | null | undefined, courseId: string | null | undefined) {
  if (!uid || !courseId) return { courses: [], watchedEpisode: [] } satisfies Recommended;
  return api('GET /api/users/my-recommended-course', { query: { userId: uid, courseId }, auth: true });
}
