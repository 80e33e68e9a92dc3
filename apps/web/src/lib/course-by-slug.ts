import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

/** `GET /course/get-course-by-slug/{slug}`: the published course (404 for an unknown slug); shared by the pages that open a course by its slug. */
export const getCourseBySlug = (slug: string) =>
  api('GET /api/course/get-course-by-slug/:slug', { params: { slug }, auth: true });

export const courseBySlugQuery = (slug: string) =>
  queryOptions({ queryKey: ['course-by-slug', slug], queryFn: () => getCourseBySlug(slug) });

export const useCourseBySlug = (slug: string) => useQuery(courseBySlugQuery(slug));
