import { withoutPassMark } from '@rianroo/contract';
import type { AssessmentDetail, AssessmentResult } from '@rianroo/contract';
import { useEffect, useRef } from 'react';
import { useI18n } from '../../../lib/i18n';
import { ResultQuestion } from './ResultQuestion';

/** Round to at most two decimals, without trailing zeros. */
const pct = (n: number) => Math.round(n * 100) / 100;

/**
 * A graded attempt: score, points, passed or not, the topics to study, then every question as the result gives
 * it (in its own order), with its grading. A pre-test's result is diagnostic (PRODUCT.md section 6): the score
 * and the topics to study only, no mark per question, no right answer, no explanation, and no "passed" or
 * "not passed" without a pass mark.
 */
export function TestResult({
  assessment,
  result,
}: {
  assessment: AssessmentDetail;
  result: AssessmentResult;
}) {
  const { t, date } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [result.attemptId]);
  const diagnostic = result.diagnostic;
  const verdict = !withoutPassMark(assessment);
  const hidden =
    !diagnostic && !result.answersWithheld && result.questions.some((r) => r.correctChoiceIds === null);
  const tone = result.passed
    ? 'bg-emerald-50 text-emerald-950'
    : verdict
      ? 'bg-amber-50 text-amber-950'
      : 'bg-slate-100 text-slate-900';
  return (
    <section aria-labelledby="result-title">
      <div className={`rounded-2xl p-5 sm:p-6 ${tone}`}>
        <h2
          id="result-title"
          ref={heading}
          tabIndex={-1}
          className="rounded text-lg font-semibold focus-visible:outline-3 focus-visible:outline-offset-4 focus-visible:outline-teal-600"
        >
          {diagnostic ? t('assess.result.titlePre') : t('assess.result.title')}
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
        {verdict && (
          <p className="mt-2 text-lg font-semibold">
            {result.passed
              ? t('assess.result.passed')
              : t('assess.result.failed', { n: assessment.passingScore })}
          </p>
        )}
        {result.late && <p className="mt-1 text-sm">{t('assess.result.late')}</p>}
        {diagnostic && <p className="mt-2 text-sm">{t('assess.result.preNote')}</p>}
      </div>
      {(diagnostic || result.studyTopics.length > 0) && (
        <StudyTopics topics={result.studyTopics} diagnostic={diagnostic} />
      )}
      {!diagnostic && (
        <>
          <h2 className="mt-8 text-lg font-semibold text-slate-900">{t('assess.result.answers')}</h2>
          {hidden && <p className="mt-1 text-sm text-slate-700">{t('assess.result.hidden')}</p>}
          {!diagnostic && result.answersWithheld && (
            <p className="mt-1 text-sm text-slate-700">{t('assess.result.withheld')}</p>
          )}
          <ol className="mt-3 flex flex-col gap-3">
            {result.questions.map((r, i) => (
              <ResultQuestion key={r.questionId} r={r} n={i + 1} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/** The topics of the questions not answered fully right; a pre-test says so also when there are none. */
function StudyTopics({ topics, diagnostic }: { topics: string[]; diagnostic: boolean }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="study-topics" className="mt-8">
      <h2 id="study-topics" className="text-lg font-semibold text-slate-900">
        {t('assess.result.topics')}
      </h2>
      {topics.length === 0 ? (
        <p className="mt-1 text-slate-700">{t('assess.result.noTopics')}</p>
      ) : (
        <>
          {diagnostic && <p className="mt-1 text-sm text-slate-700">{t('assess.result.topicsPre')}</p>}
          <ul className="mt-3 flex flex-col gap-2">
            {topics.map((topic) => (
              <li
                key={topic}
                className="flex items-start gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 break-words text-slate-900"
              >
                <span aria-hidden="true" className="text-teal-700">
                  •
                </span>
                <span className="min-w-0 flex-1">{topic}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
