import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `GET /course-evaluation/status/{courseID}/{uid}`: whether this learner has evaluated the course. */
export const getEvaluationStatus = (courseId: string, uid: string) =>
  api('GET /api/course-evaluation/status/:courseID/:uid', {
    params: { courseID: courseId, uid },
    auth: true,
  });

export const evaluationStatusKey = (courseId: string | undefined) => ['evaluation-status', courseId] as const;

export const useEvaluationStatus = (courseId: string | undefined, uid: string | null) =>
  useQuery({
    queryKey: [...evaluationStatusKey(courseId), uid],
    queryFn: () => getEvaluationStatus(courseId!, uid!),
    enabled: !!courseId && !!uid,
  });
