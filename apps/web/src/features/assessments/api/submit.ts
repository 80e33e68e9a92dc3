import type { AssessmentResult, QuestionAnswer } from '@rianroo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshAfterAttempt } from './refresh';
import { resultsKey } from './results';

const sending = new Map<string, Promise<AssessmentResult>>();

/**
 * `POST /assessment-result`: grades the attempt (its answers saved first while the time lasts). Sending it
 * twice gives the same result; while one submit of an attempt is on its way, another (the countdown at 0, an
 * autosave told TIME_UP, the button) waits for that one instead of sending again.
 */
export function submitAttempt(body: {
  assessmentId: string;
  attemptId?: string;
  answers?: QuestionAnswer[];
}) {
  const key = `${body.assessmentId}/${body.attemptId ?? ''}`;
  let p = sending.get(key);
  if (!p) {
    p = api('POST /api/assessment-result', { body, auth: true }).finally(() => sending.delete(key));
    sending.set(key, p);
  }
  return p;
}

export function useSubmitAttempt(assessmentId: string, courseId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { attemptId?: string; answers?: QuestionAnswer[] }) => {
      // An attempt already graded (its result is in the list): a later submit of it (a late autosave told
      // TIME_UP, a second trigger on a slow machine) answers that result and sends nothing.
      const graded = qc
        .getQueryData<AssessmentResult[]>(resultsKey(assessmentId))
        ?.find((r) => body.attemptId && r.attemptId === body.attemptId);
      return graded ? Promise.resolve(graded) : submitAttempt({ assessmentId, ...body });
    },
    onSuccess: async (result) => {
      // The result shows at once; the list behind it is asked again with the rest.
      qc.setQueryData<AssessmentResult[]>(resultsKey(assessmentId), (list = []) => [
        result,
        ...list.filter((r) => r.attemptId !== result.attemptId),
      ]);
      await refreshAfterAttempt(qc, assessmentId, courseId);
    },
  });
}
