import { withoutPassMark } from '@rianroo/contract';
import type { AssessmentDetail } from '@rianroo/contract';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { textLink } from '../../../components/ui/link-styles';
import { useI18n } from '../../../lib/i18n';
import { EpisodesLeft, usePostTestClosed } from './EpisodesLeft';
import { TestProblem } from './TestProblem';

/**
 * Before an attempt: what the test is (questions, passing score, attempts, time), the best score so far with
 * the latest result, and Start (or Skip for a skippable pre-test); a test hidden since the learner took it
 * shows their results only, and says it takes no new attempt.
 */
export function TestIntro({
  slug,
  assessment: a,
  starting,
  startError,
  onStart,
  onSkip,
}: {
  slug: string;
  assessment: AssessmentDetail;
  starting: boolean;
  startError: unknown;
  onStart: () => void;
  onSkip: () => void;
}) {
  const { t } = useI18n();
  const closed = usePostTestClosed(a.courseId, a.kind === 'post_test' && !a.passed);
  const attempts =
    a.maxAttempts === null
      ? t('assess.attemptsUnlimited', { used: a.attemptsUsed })
      : t('assess.attemptsValue', { used: a.attemptsUsed, max: a.maxAttempts, left: a.attemptsLeft ?? 0 });
  // A pre-test without a pass mark measures, it grades nothing: never "not passed", done once taken.
  const measures = withoutPassMark(a);
  const facts: [string, string][] = [
    [t('assess.questions'), t('assess.questionsValue', { n: a.questionCount })],
    [
      t('assess.passing'),
      measures ? t('assess.noPassMark') : t('assess.passingValue', { n: a.passingScore }),
    ],
    [t('assess.attempts'), attempts],
    [
      t('assess.time'),
      a.timeLimitSeconds
        ? t('assess.timeValue', { n: Math.ceil(a.timeLimitSeconds / 60) })
        : t('assess.noTimeLimit'),
    ],
  ];
  const outOfAttempts = a.attemptsLeft === 0;
  return (
    <div className="flex flex-col gap-6">
      {a.description && <p className="leading-relaxed whitespace-pre-line text-slate-700">{a.description}</p>}
      <section aria-labelledby="facts" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="facts" className="sr-only">
          {t('assess.facts')}
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2">
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt className="text-sm text-slate-600">{term}</dt>
              <dd className="font-semibold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        {a.bestScore !== null && (
          <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-slate-200 pt-4">
            <span className="font-semibold text-slate-900">
              {t('assess.best', { score: Math.round(a.bestScore) })}
            </span>
            <span
              className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${a.passed || measures ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-100 text-slate-800'}`}
            >
              {a.passed
                ? t('assess.passedBadge')
                : measures
                  ? t('assess.doneBadge')
                  : t('assess.notPassedYet')}
            </span>
            <Link to="?result=latest" className={textLink}>
              {t('assess.latestResult')}
            </Link>
          </p>
        )}
      </section>
      {!a.live ? (
        <p className="font-medium text-slate-800">{t('assess.closed')}</p>
      ) : outOfAttempts ? (
        <p className="font-medium text-slate-800">
          {t('assess.noAttemptsLeft', { max: a.maxAttempts ?? 0 })}
        </p>
      ) : closed ? (
        <EpisodesLeft slug={slug} courseId={a.courseId} />
      ) : (
        <div className="flex flex-col gap-3">
          {a.timeLimitSeconds !== null && <p className="text-sm text-slate-700">{t('assess.timedNote')}</p>}
          <div className="flex flex-wrap gap-3">
            <Button busy={starting} disabled={closed === null} onClick={onStart}>
              {a.attemptsUsed ? t('assess.startAgain') : t('assess.start')}
            </Button>
            {a.kind === 'pre_test' && a.skippable && a.attemptsUsed === 0 && (
              <Button variant="secondary" onClick={onSkip}>
                {t('assess.skip')}
              </Button>
            )}
          </div>
        </div>
      )}
      {!!startError && <TestProblem error={startError} slug={slug} courseId={a.courseId} />}
    </div>
  );
}
