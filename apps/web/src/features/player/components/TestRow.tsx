import { withoutPassMark } from '@rianroo/contract';
import type { AssessmentSummary } from '@rianroo/contract';
import { Link } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { testPath } from '../lib/course-steps';
import { Icon } from './Icon';

/**
 * A quiz or test in the episode list: passed (a tick and the score), taken, or the link to take it; a closed
 * post-test says why it is closed instead of linking. A pre-test without a pass mark is never "passed": once
 * taken it is done (a tick and the score), not left to do.
 */
export function TestRow({
  slug,
  test,
  closedBecause,
  nested = false,
}: {
  slug: string;
  test: AssessmentSummary;
  /** Why it cannot be taken yet; a link otherwise. */
  closedBecause?: string;
  nested?: boolean;
}) {
  const { t } = useI18n();
  const score = Math.round(test.bestScore ?? 0);
  const done = test.passed || (withoutPassMark(test) && test.bestScore !== null);
  const status = test.passed
    ? t('assess.list.passed', { score })
    : test.bestScore !== null
      ? t('assess.list.taken', { score })
      : test.attemptsUsed > 0
        ? t('assess.list.inProgress')
        : t('assess.take');
  const box = `flex items-start gap-3 py-2.5 text-sm ${nested ? 'pr-3 pl-12' : 'px-3'}`;
  const badge = (
    <span
      className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full ${done ? 'bg-emerald-700 text-white' : closedBecause ? 'bg-slate-100 text-slate-700' : 'bg-amber-100 text-amber-900'}`}
    >
      <Icon name={done ? 'check' : closedBecause ? 'lock' : 'quiz'} className="size-4" />
    </span>
  );
  const text = (
    <span className="min-w-0 flex-1">
      <span className="block font-medium break-words">{test.title || t(`assess.kind.${test.kind}`)}</span>
      <span className={`mt-0.5 block text-xs ${done ? 'text-emerald-800' : 'text-slate-600'}`}>
        {closedBecause ?? status}
      </span>
    </span>
  );
  if (closedBecause)
    return (
      <div className={box}>
        {badge}
        {text}
      </div>
    );
  return (
    <Link
      to={testPath(slug, test.id)}
      className={`${box} text-teal-900 hover:bg-slate-50 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-teal-600`}
    >
      {badge}
      {text}
    </Link>
  );
}
