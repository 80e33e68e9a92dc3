import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { getRecommended } from '../../../lib/recommended';

export const getNewCourses = () => api('GET /api/users/my-new-course', { auth: true });
export const useNewCourses = () => useQuery({ queryKey: ['my-new-course'], queryFn: getNewCourses });

export const getPopularCourses = () => api('GET /api/users/my-popular-course', { auth: true });
export const usePopularCourses = () =>
  useQuery({ queryKey: ['my-popular-course'], queryFn: getPopularCourses });

/** The organisation's picks for its members (empty for a learner without one). */
export const useOrganizationPicks = () =>
  useQuery({
    queryKey: ['organization-recommend-course'],
    queryFn: () => api('GET /api/users/organization-recommend-course', { auth: true }),
  });

/** Published courses by category, the learner's categories first. */
export const useCategoryCourses = () =>
  useQuery({
    queryKey: ['my-category-course'],
    queryFn: () => api('GET /api/users/my-category-course', { auth: true }),
  });

/** The learner's interest tags: chosen, watched and from their organisation. */
export const useUserTags = () =>
  useQuery({ queryKey: ['user-tags'], queryFn: () => api('GET /api/users/user-tags', { auth: true }) });

/** Published courses with a tag (the catalogue's search). */
export const useTagCourses = (tag: string) =>
  useQuery({
    queryKey: ['tag-courses', tag],
    queryFn: async () => (await api('GET /api/courses', { query: { tag, limit: 8 } })).courses,
  });

/** "Because you watched": courses watched together with the last course (never asked without both ids). */
export const useBecauseYouWatched = (uid: string | undefined, courseId: string | undefined) =>
  useQuery({
    queryKey: ['because-you-watched', uid, courseId],
    queryFn: async () => (await getRecommended(uid, courseId)).courses.filter((c) => c.id !== courseId),
    enabled: !!uid && !!courseId,
  });
