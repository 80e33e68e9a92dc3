import type { EvaluationQuestion } from '@rianroo/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/session';

/** `GET /course-evaluation-question/active`: the questions every course evaluation asks now. */
export const getEvaluationQuestions = () =>
  call<EvaluationQuestion[]>('/course-evaluation-question/active', { auth: true });

export const evaluationQuestionsKey = ['evaluation-questions'] as const;
export const useEvaluationQuestions = () =>
  useQuery({ queryKey: evaluationQuestionsKey, queryFn: getEvaluationQuestions, staleTime: 5 * 60_000 });
