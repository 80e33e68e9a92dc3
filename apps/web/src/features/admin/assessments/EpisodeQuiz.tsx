import { Button } from '../../../components/ui/Button';
import { useAdminI18n } from '../i18n';
import { useAdminWrite } from '../lib/use-admin-write';
import { useCourseAssessments, useCreateAssessment } from './assessments-api';
import { TestLink } from './CourseTests';

/** The quiz after an episode, from the episode's page: a link to it, or a button that makes it. */
export function EpisodeQuiz({
  courseId,
  episodeId,
  title,
}: {
  courseId: string;
  episodeId: string;
  title: string;
}) {
  const { t } = useAdminI18n();
  const list = useCourseAssessments(courseId);
  const create = useCreateAssessment(courseId);
  const write = useAdminWrite();
  const quiz = list.data?.items.find((a) => a.episodeId === episodeId);
  const label = t('admin.assessment.kind.episode_quiz');
  return (
    <section aria-labelledby="quiz" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="quiz" className="text-lg font-semibold text-slate-900">
        {label}
      </h2>
      <div className="mt-2">
        {list.isPending && <p className="text-slate-600">{t('admin.tests.loading')}</p>}
        {list.isError && (
          <p role="alert" className="text-red-700">
            {t('admin.tests.loadFailed')}
          </p>
        )}
        {list.isSuccess &&
          (quiz ? (
            <TestLink test={quiz} label={quiz.title} />
          ) : (
            <div className="flex flex-wrap items-center gap-3">
              <span className="text-slate-700">{t('admin.tests.none', { what: label })}</span>
              <Button
                variant="secondary"
                busy={create.isPending}
                onClick={() =>
                  write(
                    create.mutateAsync({ kind: 'episode_quiz', episodeId, title: `${label}: ${title}` }),
                    t('admin.tests.created'),
                  ).catch(() => {})
                }
              >
                {t('admin.tests.create', { what: label })}
              </Button>
            </div>
          ))}
      </div>
    </section>
  );
}
