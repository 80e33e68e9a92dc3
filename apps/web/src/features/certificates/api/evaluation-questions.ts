import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `GET /course-evaluation-question/active`: the questions every course evaluation asks now. */
export const getEvaluationQuestions = () => api('GET /api/course-evaluation-question/active', { auth: true });

export const evaluationQuestionsKey = ['evaluation-questions'] as const;
export const useEvaluationQuestions = () =>
  useQuery({ queryKey: evaluationQuestionsKey, queryFn: getEvaluationQuestions, staleTime: 5 * 60_000 });
