import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `GET /course/{id}/completion`: episodes watched, tests, completion, evaluation and certificate. */
export const getCompletion = (courseId: string) =>
  api('GET /api/course/:id/completion', { params: { id: courseId }, auth: true });

export const completionKey = (courseId: string | undefined) => ['course-completion', courseId] as const;

export const completionQuery = (courseId: string) =>
  queryOptions({ queryKey: completionKey(courseId), queryFn: () => getCompletion(courseId) });

export const useCompletion = (courseId: string | undefined) =>
  useQuery({ ...completionQuery(courseId ?? ''), enabled: !!courseId });
