import type { CourseSummary } from '@rianroo/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { getRecommended } from '../../../lib/recommended';
export const NEXT_COURSES_MAX = 3;

/**
 * What to learn after a course: courses watched together with it (`/users/my-recommended-course`, asked only
 * with both ids, as the spec says), or else the newest courses; never the course itself.
 */
export async function getNextCourses(uid: string | null, courseId: string): Promise<CourseSummary[]> {
  const others = (list: CourseSummary[]) => list.filter((c) => c.id !== courseId).slice(0, NEXT_COURSES_MAX);
  const recommended = await getRecommended(uid, courseId).catch(() => null);
  const picked = others(recommended?.courses ?? []);
  if (picked.length) return picked;
  return others(await api('GET /api/users/my-new-course', { auth: true }));
}

export const useNextCourses = (uid: string | null, courseId: string) =>
  useQuery({
    queryKey: ['next-courses', uid, courseId],
    queryFn: () => getNextCourses(uid, courseId),
    staleTime: 5 * 60_000,
  });
