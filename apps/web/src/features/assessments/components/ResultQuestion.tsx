import type { AssessmentQuestion, AssessmentResult } from '@rianroo/contract';
import { useI18n } from '../../../lib/i18n';

type QuestionResult = AssessmentResult['questions'][number];

/**
 * One graded question: right or wrong, the learner's picks, the correct choices when the API shows them, and
 * the explanation. Without the question (a timed test's questions are not listed after the attempt), its
 * number and grading only.
 */
export function ResultQuestion({
  r,
  q,
  n,
}: {
  r: QuestionResult;
  q: AssessmentQuestion | undefined;
  n: number;
}) {
  const { t } = useI18n();
  const label = (id: string) => q?.choices.find((c) => c.id === id)?.label;
  const labels = (ids: string[]) => ids.map(label).filter((l): l is string => !!l);
  const picked = labels(r.choiceIds);
  const right = r.correctChoiceIds ? labels(r.correctChoiceIds) : null;
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 flex-1 font-semibold break-words text-slate-900">
          <span className="block text-sm font-medium text-slate-600">
            {t('assess.result.questionNo', { n })} ·{' '}
            {t('assess.result.earned', { earned: r.pointsEarned, total: r.points })}
          </span>
          {q?.prompt}
        </h3>
        <span
          className={`shrink-0 rounded-full px-3 py-1 text-sm font-semibold ${r.correct ? 'bg-emerald-100 text-emerald-900' : 'bg-red-100 text-red-900'}`}
        >
          <span aria-hidden="true">{r.correct ? '✓ ' : '✗ '}</span>
          {r.correct ? t('assess.result.correct') : t('assess.result.wrong')}
        </span>
      </div>
      {q && (
        <dl className="mt-3 grid gap-2 text-sm">
          <div>
            <dt className="font-medium text-slate-600">{t('assess.result.yourPick')}</dt>
            <dd className="text-slate-900">
              {picked.length ? picked.join(', ') : t('assess.result.noPick')}
            </dd>
          </div>
          {right && (
            <div>
              <dt className="font-medium text-slate-600">{t('assess.result.rightPick')}</dt>
              <dd className="font-medium text-emerald-900">{right.join(', ')}</dd>
            </div>
          )}
        </dl>
      )}
      {r.explanation && (
        <div className="mt-3 rounded-lg bg-slate-50 p-3 text-sm">
          <p className="font-medium text-slate-700">{t('assess.result.explanation')}</p>
          <p className="mt-1 whitespace-pre-line text-slate-800">{r.explanation}</p>
        </div>
      )}
    </li>
  );
}
