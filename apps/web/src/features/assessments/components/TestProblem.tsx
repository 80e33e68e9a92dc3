import { SubscribeLink } from '../../../components/SubscribeLink';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Alert } from '../../../components/ui/Card';
import { secondaryLink } from '../../../components/ui/link-styles';
import { ApiError } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { EpisodesLeft } from './EpisodesLeft';

const codeOf = (err: unknown) => (err instanceof ApiError ? err.code : '');

/**
 * A test that cannot be taken now, said in the learner's words: locked (the way to subscribe), no attempt
 * left, the episodes still to watch before a post-test, an unknown test, or a failure with a retry.
 */
export function TestProblem({
  error,
  slug,
  courseId,
  onRetry,
}: {
  error: unknown;
  slug: string;
  courseId: string | undefined;
  onRetry?: () => void;
}) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const back = (
    <Link to={`/library/course/${encodeURIComponent(slug)}`} className={secondaryLink}>
      {t('assess.backToCourse')}
    </Link>
  );
  const code = codeOf(error);
  if (code === 'NO_ACCESS')
    return (
      <section aria-labelledby="locked" className="rounded-2xl bg-slate-900 p-6 text-center text-white">
        <h2 id="locked" className="text-xl font-semibold">
          {t('assess.lockedTitle')}
        </h2>
        <p className="mx-auto mt-2 max-w-md text-slate-200">{t('assess.lockedText')}</p>
        <SubscribeLink className="mt-4 inline-flex min-h-11 items-center rounded-lg bg-amber-400 px-5 font-semibold text-slate-900 hover:bg-amber-300 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white" />
      </section>
    );
  if (code === 'PREREQUISITE_NOT_MET' && courseId)
    return (
      <div className="flex flex-col items-start gap-4">
        <Alert>{errorText(error)}</Alert>
        <EpisodesLeft slug={slug} courseId={courseId} />
        {back}
      </div>
    );
  const missing = error instanceof ApiError && (error.status === 404 || code === 'NOT_FOUND');
  const final = code === 'ATTEMPT_LIMIT_REACHED' || missing;
  return (
    <div className="flex flex-col items-start gap-4">
      <Alert>{missing ? t('assess.notFound') : errorText(error)}</Alert>
      <div className="flex flex-wrap gap-3">
        {!final && onRetry && (
          <Button variant="secondary" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
        {back}
      </div>
    </div>
  );
}
