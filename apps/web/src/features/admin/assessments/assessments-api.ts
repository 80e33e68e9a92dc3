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
import { adminCall, adminKey } from '../lib/admin-api';

const listKey = (courseId: string) => [...adminKey, 'assessments', courseId] as const;
const evaluationKey = [...adminKey, 'evaluation-questions'] as const;

/** The course's pre-test, quizzes and post-test, with their questions and right answers. */
export const useCourseAssessments = (courseId: string) =>
  useQuery({
    queryKey: listKey(courseId),
    queryFn: () => adminCall<AdminAssessmentList>(`/courses/${courseId}/assessments`),
  });

export const useCreateAssessment = (courseId: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: Omit<AssessmentCreate, 'episodeId'> & { episodeId?: string | null }) =>
      adminCall<AdminAssessment>(`/courses/${courseId}/assessments`, { body: v }),
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
    adminCall(`/assessments/${id}`, { method: 'PATCH', body: v }),
  );
export const useAddQuestion = (courseId: string, id: string) =>
  useAssessmentWrite(courseId, (v: QuestionDraft) => adminCall(`/assessments/${id}/questions`, { body: v }));
export const useEditQuestion = (courseId: string) =>
  useAssessmentWrite(courseId, ({ id, ...v }: QuestionDraft & { id: string }) =>
    adminCall(`/assessment-questions/${id}`, { method: 'PUT', body: v }),
  );
export const useDeleteQuestion = (courseId: string) =>
  useAssessmentWrite(courseId, (id: string) =>
    adminCall(`/assessment-questions/${id}`, { method: 'DELETE' }),
  );
export const useRetireQuestion = (courseId: string) =>
  useAssessmentWrite(courseId, ({ id, retired }: { id: string; retired: boolean }) =>
    adminCall(`/assessment-questions/${id}/retired`, { method: 'PUT', body: { retired } }),
  );
export const useOrderQuestions = (courseId: string, id: string) =>
  useAssessmentWrite(courseId, (questionIds: string[]) =>
    adminCall(`/assessments/${id}/question-order`, { method: 'PUT', body: { questionIds } }),
  );

export const useEvaluationQuestions = () =>
  useQuery({
    queryKey: evaluationKey,
    queryFn: () => adminCall<AdminEvaluationList>('/evaluation-questions'),
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
type EvaluationDraft = Partial<EvaluationQuestionInput> & Pick<EvaluationQuestionInput, 'kind'>;
export const useAddEvaluationQuestion = () =>
  useEvaluationWrite((v: EvaluationDraft) => adminCall('/evaluation-questions', { body: v }));
export const useEditEvaluationQuestion = () =>
  useEvaluationWrite(({ id, ...v }: EvaluationDraft & { id: string }) =>
    adminCall(`/evaluation-questions/${id}`, { method: 'PUT', body: v }),
  );
export const useDeleteEvaluationQuestion = () =>
  useEvaluationWrite((id: string) => adminCall<null>(`/evaluation-questions/${id}`, { method: 'DELETE' }));
export const useOrderEvaluationQuestions = () =>
  useEvaluationWrite((questionIds: string[]) =>
    adminCall('/evaluation-question-order', { method: 'PUT', body: { questionIds } }),
  );
