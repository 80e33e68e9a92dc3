import type { AssessmentDetail } from '@rianroo/contract';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Alert } from '../../../components/ui/Card';
import { PageLoading } from '../../../components/ui/Spinner';
import { secondaryLink } from '../../../components/ui/link-styles';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { useResults } from '../api/results';
import { NextSteps } from './NextSteps';
import { TestProblem } from './TestProblem';
import { TestResult } from './TestResult';

/** A result of this learner (`attemptId`, or `latest`) with what comes next. */
export function ResultView({
  slug,
  assessment,
  attemptId,
  starting,
  startError,
  onRetry,
}: {
  slug: string;
  assessment: AssessmentDetail;
  attemptId: string;
  starting: boolean;
  startError: unknown;
  onRetry: () => void;
}) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const results = useResults(assessment.id);
  if (results.isPending) return <PageLoading label={t('common.loading')} />;
  // A failed refresh keeps what is known (the result just graded is put in the list at once).
  if (!results.data)
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert>{errorText(results.error)}</Alert>
        <Button variant="secondary" onClick={() => void results.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  const result =
    attemptId === 'latest' ? results.data[0] : results.data.find((r) => r.attemptId === attemptId);
  if (!result)
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-slate-700">{t('assess.result.none')}</p>
        <Link to="." className={secondaryLink}>
          {t('assess.result.toIntro')}
        </Link>
      </div>
    );
  return (
    <>
      <TestResult assessment={assessment} result={result} />
      <NextSteps slug={slug} assessment={assessment} result={result} starting={starting} onRetry={onRetry} />
      {!!startError && (
        <div className="mt-4">
          <TestProblem error={startError} slug={slug} courseId={assessment.courseId} />
        </div>
      )}
    </>
  );
}
