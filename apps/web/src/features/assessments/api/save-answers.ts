import type { QuestionAnswer } from '@rianroo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshAfterAttempt } from './refresh';

/**
 * `POST /assessment-response`: starts an attempt when none is in progress (empty `answers` starts it and its
 * clock), otherwise saves the answers (autosave). `keepalive` lets a save outlive a closing page.
 */
export const saveAnswers = (assessmentId: string, answers: QuestionAnswer[], keepalive = false) =>
  api('POST /api/assessment-response', { body: { assessmentId, answers }, auth: true }, { keepalive });

/** Starts an attempt, then loads the test again (a timed test shows its questions only from now). */
export function useStartAttempt(assessmentId: string, courseId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => saveAnswers(assessmentId, []),
    onSuccess: () => refreshAfterAttempt(qc, assessmentId, courseId),
  });
}
