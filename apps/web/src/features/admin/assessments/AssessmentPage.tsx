import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/Card';
import { PageLoading } from '../../../components/ui/Spinner';
import { textLink } from '../../../components/ui/link-styles';
import { AdminPage } from '../components/AdminPage';
import { useAdminI18n } from '../i18n';
import { useAdminWrite } from '../lib/use-admin-write';
import { useAddQuestion, useCourseAssessments } from './assessments-api';
import { QuestionForm } from './QuestionForm';
import { QuestionList } from './QuestionList';
import { SettingsForm } from './SettingsForm';

const card = 'rounded-xl border border-slate-200 bg-white p-4';

/** /admin/courses/:courseId/assessments/:assessmentId: one quiz, pre-test or post-test, its settings and questions. */
export default function AssessmentPage() {
  const { courseId = '', assessmentId = '' } = useParams();
  const { t, siteT } = useAdminI18n();
  const list = useCourseAssessments(courseId);
  const add = useAddQuestion(courseId, assessmentId);
  const write = useAdminWrite();
  if (list.isPending) return <PageLoading label={siteT('common.loading')} />;
  const a = list.data?.items.find((x) => x.id === assessmentId);
  if (!a)
    return (
      <div role="alert" className="flex flex-col gap-2">
        <p className="text-red-700">{t('admin.assessment.loadFailed')}</p>
        <Link to={`/admin/courses/${courseId}`} className={textLink}>
          {t('admin.episode.back')}
        </Link>
      </div>
    );
  return (
    <AdminPage
      title={a.title}
      lead={`${t(`admin.assessment.kind.${a.kind}`)} · ${t('admin.assessment.attempts', { n: a.attemptCount })}`}
    >
      <Link to={`/admin/courses/${courseId}`} className={textLink}>
        {t('admin.episode.back')}
      </Link>
      {a.published && !a.learnersSee && (
        <Alert kind="info">
          {a.questions.some((q) => !q.retired)
            ? t('admin.assessment.notShownEpisode')
            : t('admin.assessment.notShownEmpty')}
        </Alert>
      )}
      <section aria-labelledby="settings" className={card}>
        <h2 id="settings" className="mb-3 text-lg font-semibold text-slate-900">
          {t('admin.assessment.settings')}
        </h2>
        <SettingsForm key={a.id} assessment={a} />
      </section>
      <section aria-labelledby="questions" className={card}>
        <h2 id="questions" className="mb-3 text-lg font-semibold text-slate-900">
          {t('admin.questions.title', { n: a.questions.length })}
        </h2>
        <QuestionList assessment={a} />
      </section>
      <section aria-labelledby="new-question" className={card}>
        <h2 id="new-question" className="mb-3 text-lg font-semibold text-slate-900">
          {t('admin.question.new')}
        </h2>
        <QuestionForm
          busy={add.isPending}
          onSave={(q) => write(add.mutateAsync(q), t('admin.question.added'))}
        />
      </section>
    </AdminPage>
  );
}
