import type { AssessmentQuestion } from '@rianroo/contract';
import type { Ref } from 'react';
import { useI18n } from '../../../lib/i18n';
import { pick } from '../lib/answers';

/**
 * One question as a fieldset: radios for single choice and true/false, checkboxes for multiple choice. The
 * legend names the question (and can take focus when the learner moves to it).
 */
export function QuestionField({
  q,
  n,
  total,
  picks,
  disabled,
  onChange,
  legendRef,
}: {
  q: AssessmentQuestion;
  n: number;
  total: number;
  picks: string[];
  disabled: boolean;
  onChange: (choiceIds: string[]) => void;
  legendRef?: Ref<HTMLLegendElement>;
}) {
  const { t } = useI18n();
  const multiple = q.kind === 'multiple';
  const hintId = `hint-${q.id}`;
  return (
    <fieldset disabled={disabled} aria-describedby={multiple ? hintId : undefined} className="min-w-0">
      <legend
        ref={legendRef}
        tabIndex={-1}
        className="w-full rounded text-lg font-semibold break-words text-slate-900 focus-visible:outline-3 focus-visible:outline-offset-4 focus-visible:outline-teal-600"
      >
        <span className="block text-sm font-medium text-slate-600">
          {t('assess.questionOf', { n, total })} · {t('assess.points', { n: q.points })}
        </span>
        {q.prompt}
      </legend>
      {multiple && (
        <p id={hintId} className="mt-1 text-sm font-medium text-teal-800">
          {t('assess.multiple')}
        </p>
      )}
      <div className="mt-3 flex flex-col gap-2">
        {q.choices.map((c) => {
          const checked = picks.includes(c.id);
          return (
            <label
              key={c.id}
              className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border px-4 py-3 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal-600 ${checked ? 'border-teal-700 bg-teal-50' : 'border-slate-300 bg-white hover:bg-slate-50'} ${disabled ? 'cursor-not-allowed opacity-70' : ''}`}
            >
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={`q-${q.id}`}
                value={c.id}
                checked={checked}
                onChange={(e) => onChange(pick(q, picks, c.id, e.target.checked))}
                className="mt-1 size-4 shrink-0 accent-teal-700"
              />
              <span className="min-w-0 break-words text-slate-900">{c.label}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
