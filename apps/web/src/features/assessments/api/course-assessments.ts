import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `GET /assessment/get-assessment-by-course/{courseId}`: pre-test, episode quizzes in order, post-test. */
export const getCourseAssessments = (courseId: string) =>
  api('GET /api/assessment/get-assessment-by-course/:courseId', { params: { courseId }, auth: true });

export const courseAssessmentsKey = (courseId: string) => ['course-assessments', courseId] as const;

export const courseAssessmentsQuery = (courseId: string) =>
  queryOptions({ queryKey: courseAssessmentsKey(courseId), queryFn: () => getCourseAssessments(courseId) });

export const useCourseAssessments = (courseId: string | undefined) =>
  useQuery({ ...courseAssessmentsQuery(courseId ?? ''), enabled: !!courseId });
