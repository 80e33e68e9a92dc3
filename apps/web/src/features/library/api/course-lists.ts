import type { CourseSummary } from '@rianroo/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/session';

export const getNewCourses = () => call<CourseSummary[]>('/users/my-new-course', { auth: true });
export const useNewCourses = () => useQuery({ queryKey: ['my-new-course'], queryFn: getNewCourses });

export const getPopularCourses = () => call<CourseSummary[]>('/users/my-popular-course', { auth: true });
export const usePopularCourses = () =>
  useQuery({ queryKey: ['my-popular-course'], queryFn: getPopularCourses });
