import type { CourseEvaluationBody } from '@rianroo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/session';
import { completionKey } from './completion';
import { evaluationStatusKey, type EvaluationStatus } from './evaluation-status';

/** `POST /course-evaluation`: once per learner and course (409 ALREADY_EXISTS the second time). */
export const submitEvaluation = (body: CourseEvaluationBody) =>
  call<EvaluationStatus>('/course-evaluation', { body, auth: true });

export function useSubmitEvaluation(courseId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (answers: CourseEvaluationBody['answers']) => submitEvaluation({ courseId, answers }),
    // Evaluating can make the certificate available: what the other screens know is out of date.
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: evaluationStatusKey(courseId) }),
        qc.invalidateQueries({ queryKey: completionKey(courseId) }),
      ]),
  });
}
