import type { CourseSummary } from '@rianroo/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/session';

/** `GET /course/get-course-by-slug/:slug`: the course the page is about. */
export const getCourseBySlug = (slug: string) =>
  call<CourseSummary>(`/course/get-course-by-slug/${encodeURIComponent(slug)}`, { auth: true });

export const courseBySlugQuery = (slug: string) => ({
  queryKey: ['course-by-slug', slug],
  queryFn: () => getCourseBySlug(slug),
});

export const useCourseBySlug = (slug: string) => useQuery(courseBySlugQuery(slug));
