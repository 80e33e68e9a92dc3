import type { evaluationStatus } from '@rianroo/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../lib/session';

export type EvaluationStatus = z.infer<typeof evaluationStatus>;

/** `GET /course-evaluation/status/{courseID}/{uid}`: whether this learner has evaluated the course. */
export const getEvaluationStatus = (courseId: string, uid: string) =>
  call<EvaluationStatus>(
    `/course-evaluation/status/${encodeURIComponent(courseId)}/${encodeURIComponent(uid)}`,
    { auth: true },
  );

export const evaluationStatusKey = (courseId: string | undefined) => ['evaluation-status', courseId] as const;

export const useEvaluationStatus = (courseId: string | undefined, uid: string | null) =>
  useQuery({
    queryKey: [...evaluationStatusKey(courseId), uid],
    queryFn: () => getEvaluationStatus(courseId!, uid!),
    enabled: !!courseId && !!uid,
  });
