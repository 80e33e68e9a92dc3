import type {
  AdminAssessment,
  AdminAssessmentList,
  AdminEvaluationList,
  AssessmentCreate,
  AssessmentUpdate,
  EvaluationQuestionInput,
  QuestionDraft,
} from '@rianroo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKey } from '../lib/admin-api';

const listKey = (courseId: string) => [...adminKey, 'assessments', courseId] as const;
const evaluationKey = [...adminKey, 'evaluation-questions'] as const;

/** The course's pre-test, quizzes and post-test, with their questions and right answers. */
export const useCourseAssessments = (courseId: string) =>
  useQuery({
    queryKey: listKey(courseId),
    queryFn: () => api('GET /api/admin/courses/:id/assessments', { params: { id: courseId }, auth: true }),
  });

export const useCreateAssessment = (courseId: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: Omit<AssessmentCreate, 'episodeId'> & { episodeId?: string | null }) =>
      api('POST /api/admin/courses/:id/assessments', { params: { id: courseId }, body: v, auth: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: listKey(courseId) }),
  });
};

/**
 * A write to one assessment: its answer (the assessment after) replaces it in the course's list. A refused
 * write (an EDIT_CONFLICT among them) reads the list again, so the forms show what it is now.
 */
function useAssessmentWrite<V>(courseId: string, fn: (v: V) => Promise<AdminAssessment>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (a) =>
      qc.setQueryData<AdminAssessmentList>(listKey(courseId), (list) =>
        list ? { items: list.items.map((x) => (x.id === a.id ? a : x)) } : list,
      ),
    onError: () => qc.invalidateQueries({ queryKey: listKey(courseId) }),
  });
}

export const useUpdateAssessment = (courseId: string, id: string) =>
  useAssessmentWrite(courseId, (v: AssessmentUpdate) =>
    api('PATCH /api/admin/assessments/:id', { params: { id }, body: v, auth: true }),
  );
export const useAddQuestion = (courseId: string, id: string) =>
  useAssessmentWrite(courseId, (v: QuestionDraft) =>
    api('POST /api/admin/assessments/:id/questions', { params: { id }, body: v, auth: true }),
  );
export const useEditQuestion = (courseId: string) =>
  useAssessmentWrite(courseId, ({ id, ...v }: QuestionDraft & { id: string }) =>
    api('PUT /api/admin/assessment-questions/:id', { params: { id }, body: v, auth: true }),
  );
export const useDeleteQuestion = (courseId: string) =>
  useAssessmentWrite(courseId, (id: string) =>
    api('DELETE /api/admin/assessment-questions/:id', { params: { id }, auth: true }),
  );
export const useRetireQuestion = (courseId: string) =>
  useAssessmentWrite(courseId, ({ id, retired }: { id: string; retired: boolean }) =>
    api('PUT /api/admin/assessment-questions/:id/retired', { params: { id }, body: { retired }, auth: true }),
  );
export const useOrderQuestions = (courseId: string, id: string) =>
  useAssessmentWrite(courseId, (questionIds: string[]) =>
    api('PUT /api/admin/assessments/:id/question-order', {
      params: { id },
      body: { questionIds },
      auth: true,
    }),
  );

export const useEvaluationQuestions = () =>
  useQuery({
    queryKey: evaluationKey,
    queryFn: () => api('GET /api/admin/evaluation-questions', { auth: true }),
  });

/** Every write to the evaluation form answers the whole form. */
function useEvaluationWrite<V>(fn: (v: V) => Promise<AdminEvaluationList | null>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (list) =>
      list ? qc.setQueryData(evaluationKey, list) : qc.invalidateQueries({ queryKey: evaluationKey }),
  });
}
export const useAddEvaluationQuestion = () =>
  useEvaluationWrite((v: EvaluationQuestionInput) =>
    api('POST /api/admin/evaluation-questions', { body: v, auth: true }),
  );
export const useEditEvaluationQuestion = () =>
  useEvaluationWrite(({ id, ...v }: EvaluationQuestionInput & { id: string }) =>
    api('PUT /api/admin/evaluation-questions/:id', { params: { id }, body: v, auth: true }),
  );
export const useDeleteEvaluationQuestion = () =>
  useEvaluationWrite((id: string) =>
    api('DELETE /api/admin/evaluation-questions/:id', { params: { id }, auth: true }),
  );
export const useOrderEvaluationQuestions = () =>
  useEvaluationWrite((questionIds: string[]) =>
    api('PUT /api/admin/evaluation-question-order', { body: { questionIds }, auth: true }),
  );
