import type { AssessmentResult } from '@rianroo/contract';
import { useI18n } from '../../../lib/i18n';

type QuestionResult = AssessmentResult['questions'][number];

/**
 * One graded question, read from the result itself (a timed test lists no questions after the attempt): right
 * or wrong, every choice with the learner's picks marked, the right choices once the API reveals them, and
 * the explanation then. Marks are words with a sign, never a colour alone.
 */
export function ResultQuestion({ r, n }: { r: QuestionResult; n: number }) {
  const { t } = useI18n();
  const picked = new Set(r.choiceIds);
  const right = r.correctChoiceIds ? new Set(r.correctChoiceIds) : null;
  const box = r.kind === 'multiple';
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 flex-1 font-semibold break-words text-slate-900">
          <span className="block text-sm font-medium text-slate-600">
            {t('assess.result.questionNo', { n })}
            {r.pointsEarned !== null &&
              ` · ${t('assess.result.earned', { earned: r.pointsEarned, total: r.points })}`}
          </span>
          {r.prompt}
        </h3>
        {r.correct !== null && (
          <span
            className={`shrink-0 rounded-full px-3 py-1 text-sm font-semibold ${r.correct ? 'bg-emerald-100 text-emerald-900' : 'bg-red-100 text-red-900'}`}
          >
            <span aria-hidden="true">{r.correct ? '✓ ' : '✗ '}</span>
            {r.correct ? t('assess.result.correct') : t('assess.result.wrong')}
          </span>
        )}
      </div>
      <ul className="mt-3 flex flex-col gap-2 text-sm">
        {r.choices.map((c) => {
          const mine = picked.has(c.id);
          const good = right?.has(c.id) ?? false;
          return (
            <li
              key={c.id}
              className={`flex flex-wrap items-start gap-x-2 gap-y-1 rounded-lg border px-3 py-2 ${mine ? 'border-slate-500 bg-slate-50' : 'border-slate-200'}`}
            >
              <PickMark box={box} on={mine} />
              <span className="min-w-0 flex-1 break-words text-slate-900">{c.label}</span>
              {mine && (
                <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-900">
                  {t('assess.result.picked')}
                </span>
              )}
              {good && (
                <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
                  <span aria-hidden="true">✓ </span>
                  {t('assess.result.rightPick')}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {!picked.size && <p className="mt-2 text-sm font-medium text-slate-700">{t('assess.result.noPick')}</p>}
      {r.explanation && (
        <div className="mt-3 rounded-lg bg-slate-50 p-3 text-sm">
          <p className="font-medium text-slate-700">{t('assess.result.explanation')}</p>
          <p className="mt-1 whitespace-pre-line text-slate-800">{r.explanation}</p>
        </div>
      )}
    </li>
  );
}

/** A radio's or a checkbox's look, on or off: the learner's pick at a glance (the words say it too). */
function PickMark({ box, on }: { box: boolean; on: boolean }) {
  return (
    <svg
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
      className="mt-0.5 size-4 shrink-0 text-slate-700"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
    >
      {box ? <rect x="1.5" y="1.5" width="13" height="13" rx="2" /> : <circle cx="8" cy="8" r="6.5" />}
      {on &&
        (box ? (
          <path d="M4.5 8.5l2.5 2.5 4.5-5" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" />
        ) : (
          <circle cx="8" cy="8" r="3.5" fill="currentColor" stroke="none" />
        ))}
    </svg>
  );
}
