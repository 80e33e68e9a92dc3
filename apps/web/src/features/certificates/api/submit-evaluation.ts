import type { CourseEvaluationBody } from '@rianroo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-error';
import { completionKey } from './completion';
import { evaluationQuestionsKey } from './evaluation-questions';
import { evaluationStatusKey } from './evaluation-status';

/**
 * `POST /course-evaluation`: once per learner and course (409 ALREADY_EXISTS the second time; 409
 * EVALUATION_CHANGED when a question was removed while the learner answered).
 */
export const submitEvaluation = (body: CourseEvaluationBody) =>
  api('POST /api/course-evaluation', { body, auth: true });

export function useSubmitEvaluation(courseId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (answers: CourseEvaluationBody['answers']) => submitEvaluation({ courseId, answers }),
    // Evaluating can make the certificate available: what the other screens know is out of date.
    onSettled: (_data, err) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: evaluationStatusKey(courseId) }),
        qc.invalidateQueries({ queryKey: completionKey(courseId) }),
        // The questions changed while the learner answered: show the form as it is now.
        err instanceof ApiError && err.code === 'EVALUATION_CHANGED'
          ? qc.invalidateQueries({ queryKey: evaluationQuestionsKey })
          : null,
      ]),
  });
}
