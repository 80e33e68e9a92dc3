import type { AssessmentDetail, AssessmentResult, CourseSummary } from '@rianroo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageLoading } from '../../../components/ui/Spinner';
import { textLink } from '../../../components/ui/link-styles';
import { ApiError } from '../../../lib/api-error';
import { useCourseBySlug } from '../../../lib/course-by-slug';
import { useI18n } from '../../../lib/i18n';
import { skipPreTest } from '../../../lib/pre-test-skip';
import { useDocumentMeta } from '../../../lib/use-document-meta';
import { assessmentKey, useAssessment } from '../api/assessment';
import { resultsKey } from '../api/results';
import { useStartAttempt } from '../api/save-answers';
import { ResultView } from '../components/ResultView';
import { TakeTest } from '../components/TakeTest';
import { TestIntro } from '../components/TestIntro';
import { TestProblem } from '../components/TestProblem';

/**
 * `/library/course/:slug/test/:assessmentId`: a quiz or test — its introduction, the attempt in progress, or a
 * result (`?result=<attemptId>` or `?result=latest`).
 */
export default function TestPage() {
  const { slug = '', assessmentId = '' } = useParams();
  const { t } = useI18n();
  const course = useCourseBySlug(slug);
  const detail = useAssessment(assessmentId);
  const a = detail.data;
  // A failed reading again keeps what is known: a result just handed in (its answer in the results) still shows,
  // also when the test cannot be read any more (a 404, hidden since, or its course unpublished).
  const error = (course.data ? null : course.error) ?? (a ? null : detail.error);
  useDocumentMeta(
    a && course.data ? t('assess.pageTitle', { title: a.title, course: course.data.title }) : null,
    null,
  );

  let body;
  if (error) {
    const courseMissing = course.error instanceof ApiError && course.error.status === 404;
    body = courseMissing ? (
      <TestProblem error={course.error} slug={slug} courseId={undefined} />
    ) : (
      <TestProblem
        error={error}
        slug={slug}
        courseId={course.data?.id}
        onRetry={() => void (course.error ? course.refetch() : detail.refetch())}
      />
    );
  } else if (!course.data || !a) body = <PageLoading label={t('common.loading')} />;
  else if (a.courseId !== course.data.id)
    body = <TestProblem error={new ApiError(404, 'NOT_FOUND', '')} slug={slug} courseId={course.data.id} />;
  else return <Test course={course.data} slug={slug} />;

  return <Column slug={slug}>{body}</Column>;
}

/** The page's column, under a link back: to the episode of a quiz, else to the course (its page, for a pre-test, which the player would send back here). */
function Column({ slug, test, children }: { slug: string; test?: AssessmentDetail; children: ReactNode }) {
  const { t } = useI18n();
  const course = encodeURIComponent(slug);
  const back =
    test?.kind === 'episode_quiz' && test.episodeId
      ? { to: `/library/course/${course}/episode/${test.episodeId}`, text: t('assess.next.backToEpisode') }
      : {
          to: test?.kind === 'pre_test' ? `/courses/${course}` : `/library/course/${course}`,
          text: t('assess.backToCourse'),
        };
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-8">
      <Link to={back.to} className={`${textLink} text-sm`}>
        {back.text}
      </Link>
      <div className="mt-4">{children}</div>
    </div>
  );
}

function Test({ course, slug }: { course: CourseSummary; slug: string }) {
  const { assessmentId = '' } = useParams();
  const { t } = useI18n();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const detail = useAssessment(assessmentId);
  const a = detail.data!;
  const [params, setParams] = useSearchParams();
  const resultId = params.get('result');
  const start = useStartAttempt(a.id, course.id);
  const waitingForQuestions = !!a.inProgress && a.questionCount > 0 && a.questions.length === 0;
  const { refetch } = detail;
  useEffect(() => {
    if (waitingForQuestions) void refetch();
  }, [waitingForQuestions, refetch]);

  const startAttempt = () =>
    start.mutate(undefined, { onSuccess: () => resultId && setParams({}, { replace: true }) });
  const submitted = (result: AssessmentResult) => setParams({ result: result.attemptId });
  const gone = (err: ApiError) => {
    void qc.invalidateQueries({ queryKey: resultsKey(a.id) });
    void qc.invalidateQueries({ queryKey: assessmentKey(a.id) });
    if (err.code === 'NO_ATTEMPT_IN_PROGRESS') setParams({ result: 'latest' }, { replace: true });
  };
  const skip = () => {
    skipPreTest(a.id);
    void navigate(`/library/course/${encodeURIComponent(slug)}`);
  };

  let body;
  if (resultId)
    body = (
      <ResultView
        slug={slug}
        assessment={a}
        attemptId={resultId}
        starting={start.isPending}
        startError={start.error}
        onRetry={startAttempt}
      />
    );
  else if (a.inProgress && !waitingForQuestions)
    body = (
      <TakeTest
        key={a.inProgress.attemptId}
        assessment={a}
        attempt={a.inProgress}
        onSubmitted={submitted}
        onGone={gone}
      />
    );
  else if (a.inProgress) body = <PageLoading label={t('assess.loadingQuestions')} />;
  else
    body = (
      <TestIntro
        slug={slug}
        assessment={a}
        starting={start.isPending}
        startError={start.error}
        onStart={startAttempt}
        onSkip={skip}
      />
    );
  return (
    <Column slug={slug} test={a}>
      <p className="text-sm font-medium text-teal-800">
        {t(`assess.kind.${a.kind}`)} · {course.title}
      </p>
      <h1 className="mt-1 text-2xl font-bold break-words text-slate-900">{a.title}</h1>
      <div className="mt-6">{body}</div>
    </Column>
  );
}
