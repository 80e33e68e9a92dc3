import type { AdminAssessment, AssessmentKind } from '@rianroo/contract';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { textLink } from '../../../components/ui/link-styles';
import { useAdminI18n } from '../i18n';
import { useAdminWrite } from '../lib/use-admin-write';
import { useCourseAssessments, useCreateAssessment } from './assessments-api';

/**
 * A course's tests, from its editor: the pre- and post-test (made here), each episode's quiz (made on the
 * episode's page) and the evaluation form (one for every course).
 */
export function CourseTests({
  courseId,
  episodeTitles,
}: {
  courseId: string;
  episodeTitles: Record<string, string>;
}) {
  const { t } = useAdminI18n();
  const list = useCourseAssessments(courseId);
  const items = list.data?.items ?? [];
  const quizzes = items.filter((a) => a.kind === 'episode_quiz');
  return (
    <section aria-labelledby="tests" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="tests" className="text-lg font-semibold text-slate-900">
        {t('admin.tests.title')}
      </h2>
      {list.isPending && <p className="mt-2 text-slate-600">{t('admin.tests.loading')}</p>}
      {list.isError && (
        <p role="alert" className="mt-2 text-red-700">
          {t('admin.tests.loadFailed')}
        </p>
      )}
      {list.isSuccess && (
        <ul className="mt-3 flex flex-col gap-2">
          {(['pre_test', 'post_test'] as const).map((kind) => (
            <CourseTest
              key={kind}
              courseId={courseId}
              kind={kind}
              test={items.find((a) => a.kind === kind)}
            />
          ))}
          {quizzes.map((q) => (
            <li key={q.id}>
              <TestLink
                test={q}
                label={`${t('admin.assessment.kind.episode_quiz')}: ${episodeTitles[q.episodeId ?? ''] ?? ''}`}
              />
            </li>
          ))}
          {!quizzes.length && <li className="text-sm text-slate-600">{t('admin.tests.noQuizzes')}</li>}
        </ul>
      )}
      <Link to="/admin/evaluation" className={`${textLink} mt-3 inline-block`}>
        {t('admin.evaluation.link')}
      </Link>
    </section>
  );
}

export function TestLink({ test, label }: { test: AdminAssessment; label: string }) {
  const { t } = useAdminI18n();
  return (
    <Link to={`/admin/courses/${test.courseId}/assessments/${test.id}`} className={`${textLink} break-words`}>
      {label} — {t('admin.tests.questions', { n: test.questions.length })}
      {!test.published
        ? ` (${t('admin.tests.hidden')})`
        : !test.learnersSee && ` (${t('admin.tests.notShown')})`}
    </Link>
  );
}

function CourseTest({
  courseId,
  kind,
  test,
}: {
  courseId: string;
  kind: AssessmentKind;
  test?: AdminAssessment;
}) {
  const { t } = useAdminI18n();
  const create = useCreateAssessment(courseId);
  const write = useAdminWrite();
  const label = t(`admin.assessment.kind.${kind}`);
  return (
    <li className="flex flex-wrap items-center gap-3">
      {test ? (
        <TestLink test={test} label={label} />
      ) : (
        <>
          <span className="text-slate-700">{t('admin.tests.none', { what: label })}</span>
          <Button
            variant="secondary"
            busy={create.isPending}
            onClick={() =>
              write(create.mutateAsync({ kind, title: label }), t('admin.tests.created')).catch(() => {})
            }
          >
            {t('admin.tests.create', { what: label })}
          </Button>
        </>
      )}
    </li>
  );
}
