import type { CourseSummary } from '@rianroo/contract';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/Card';
import { secondaryLink } from '../../../components/ui/link-styles';
import { PageLoading } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { KEYS, read } from '../../../lib/storage';
import { useCompletion } from '../api/completion';
import { useEvaluationQuestions } from '../api/evaluation-questions';
import { useEvaluationStatus } from '../api/evaluation-status';
import { useSubmitEvaluation } from '../api/submit-evaluation';
import { CourseGate } from '../../../components/CourseGate';
import { LoadError, PageColumn } from '../components/PageParts';
import { EvaluationForm } from '../components/EvaluationForm';
import { EvaluationOutcome } from '../components/EvaluationOutcome';
import { WhatIsLeft } from '../components/WhatIsLeft';

const isCode = (err: unknown, code: string) => err instanceof ApiError && err.code === code;

/** `/library/course/:slug/evaluation`: the course evaluation, once per learner and course. */
export default function EvaluationPage() {
  const { t } = useI18n();
  return (
    <CourseGate title={t('cert.eval.pageTitle')}>{(course) => <Evaluation course={course} />}</CourseGate>
  );
}

function Evaluation({ course }: { course: CourseSummary }) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const uid = read(KEYS.uid);
  const status = useEvaluationStatus(course.id, uid);
  const questions = useEvaluationQuestions();
  const completion = useCompletion(course.id);
  const submit = useSubmitEvaluation(course.id);

  const header = (
    <>
      <p className="text-sm font-medium text-slate-600">{course.title}</p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900">{t('cert.eval.pageTitle')}</h1>
    </>
  );
  let body;
  if (submit.isSuccess) {
    body = <EvaluationOutcome slug={course.slug} completion={completion.data} justSent evaluatedAt={null} />;
  } else if (status.data?.evaluated || isCode(submit.error, 'ALREADY_EXISTS')) {
    body = (
      <EvaluationOutcome
        slug={course.slug}
        completion={completion.data}
        justSent={false}
        evaluatedAt={status.data?.evaluatedAt}
      />
    );
  } else if (completion.isError || status.isError || questions.isError) {
    body = (
      <LoadError
        error={completion.error ?? status.error ?? questions.error}
        onRetry={() => {
          for (const q of [completion, status, questions]) if (q.isError) void q.refetch();
        }}
      />
    );
  } else if (completion.isPending || (uid && status.isPending) || questions.isPending) {
    return <PageLoading label={t('common.loading')} />;
  } else if (!completion.data.completed || isCode(submit.error, 'COURSE_NOT_COMPLETED')) {
    body = (
      <>
        <Alert kind="info">{t('cert.eval.notCompleted')}</Alert>
        <WhatIsLeft completion={completion.data} slug={course.slug} />
        <Link
          to={`/library/course/${encodeURIComponent(course.slug)}/completed`}
          className={`${secondaryLink} mt-6`}
        >
          {t('cert.eval.backToCompleted')}
        </Link>
      </>
    );
  } else if (questions.data.length === 0) {
    body = <Alert kind="info">{t('cert.eval.noQuestions')}</Alert>;
  } else {
    body = (
      <>
        <p className="mt-2 text-slate-700">
          {completion.data.evaluationRequired && completion.data.certificateEnabled
            ? t('cert.eval.requiredLead')
            : t('cert.eval.lead')}
        </p>
        <EvaluationForm
          questions={questions.data}
          busy={submit.isPending}
          onSubmit={(a) => submit.mutate(a)}
        />
        {submit.isError && (
          <div className="mt-4">
            <Alert>{errorText(submit.error)}</Alert>
          </div>
        )}
      </>
    );
  }
  return (
    <PageColumn>
      {header}
      <div className="mt-4">{body}</div>
    </PageColumn>
  );
}
