import type { progressItem } from '@rianroo/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export type OngoingItem = z.infer<typeof progressItem>;

/** `GET /users/on-going-episode?course=`: saved positions. Spec section 8: a failed list is an empty list. */
export const getOngoing = (courseId: string) =>
  api('GET /api/users/on-going-episode', { query: { course: courseId }, auth: true }).catch(
    (): OngoingItem[] => [],
  );

export const ongoingQuery = (courseId: string | undefined) => ({
  queryKey: ['ongoing', courseId],
  queryFn: () => getOngoing(courseId!),
});

export const useOngoing = (courseId: string | undefined, enabled = true) =>
  useQuery({ ...ongoingQuery(courseId), enabled: !!courseId && enabled });
