import type { AssessmentDetail, AssessmentQuestion, AssessmentResult } from '@rianroo/contract';
import { useEffect, useRef } from 'react';
import { useI18n } from '../../../lib/i18n';
import { ResultQuestion } from './ResultQuestion';

/** Round to at most two decimals, without trailing zeros. */
const pct = (n: number) => Math.round(n * 100) / 100;

/** A graded attempt: score, points, passed or not, then every question with its grading. */
export function TestResult({
  assessment,
  result,
  questions,
}: {
  assessment: AssessmentDetail;
  result: AssessmentResult;
  questions: AssessmentQuestion[];
}) {
  const { t, date } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [result.attemptId]);
  const byId = new Map(questions.map((q) => [q.id, q]));
  // In the order the learner saw the questions, when it is known.
  const order = new Map(questions.map((q, i) => [q.id, i]));
  const graded = [...result.questions].sort(
    (a, b) => (order.get(a.questionId) ?? 1e9) - (order.get(b.questionId) ?? 1e9),
  );
  const hidden = graded.some((r) => !r.correct && r.correctChoiceIds === null);
  return (
    <section aria-labelledby="result-title">
      <div
        className={`rounded-2xl p-5 sm:p-6 ${result.passed ? 'bg-emerald-50 text-emerald-950' : 'bg-amber-50 text-amber-950'}`}
      >
        <h2
          id="result-title"
          ref={heading}
          tabIndex={-1}
          className="rounded text-lg font-semibold focus-visible:outline-3 focus-visible:outline-offset-4 focus-visible:outline-teal-600"
        >
          {t('assess.result.title')}
        </h2>
        <p className="text-sm">
          {t('assess.result.attempt', { n: result.number, date: date(result.submittedAt, true) })}
        </p>
        <p className="mt-3 flex flex-wrap items-baseline gap-x-4 gap-y-1">
          <span className="text-4xl font-bold tabular-nums">
            <span className="sr-only">{t('assess.result.score')} </span>
            {pct(result.score)}%
          </span>
          <span>
            {t('assess.result.points', { earned: pct(result.pointsEarned), total: result.pointsTotal })}
          </span>
        </p>
        <p className="mt-2 text-lg font-semibold">
          {result.passed
            ? t('assess.result.passed')
            : t('assess.result.failed', { n: assessment.passingScore })}
        </p>
        {result.late && <p className="mt-1 text-sm">{t('assess.result.late')}</p>}
      </div>
      <h2 className="mt-8 text-lg font-semibold text-slate-900">{t('assess.result.answers')}</h2>
      {hidden && <p className="mt-1 text-sm text-slate-700">{t('assess.result.hidden')}</p>}
      <ol className="mt-3 flex flex-col gap-3">
        {graded.map((r, i) => (
          <ResultQuestion key={r.questionId} r={r} q={byId.get(r.questionId)} n={i + 1} />
        ))}
      </ol>
    </section>
  );
}
