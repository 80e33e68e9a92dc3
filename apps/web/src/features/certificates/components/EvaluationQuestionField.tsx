import { EVALUATION_TEXT_MAX, type EvaluationQuestion } from '@rianroo/contract';
import { useI18n } from '../../../lib/i18n';
import type { Draft, FieldProblem } from '../lib/evaluation-answers';
import { RatingField } from './RatingField';

/** One question of the evaluation, in the current language, with its error at the field. */
export function EvaluationQuestionField({
  question: q,
  draft,
  problem,
  onChange,
}: {
  question: EvaluationQuestion;
  draft: Draft | undefined;
  problem: FieldProblem | undefined;
  onChange: (draft: Draft) => void;
}) {
  const { t, lang } = useI18n();
  const prompt = lang === 'en' ? q.promptEn : q.promptTh;
  const errorId = `q-${q.id}-error`;
  const counterId = `q-${q.id}-count`;
  const error = problem && (
    <p id={errorId} className="mt-2 text-sm text-red-700">
      {t(problem === 'tooLong' ? 'cert.form.tooLong' : 'cert.form.required', { max: EVALUATION_TEXT_MAX })}
    </p>
  );
  const marker = q.required ? (
    <span className="text-red-700">
      {' '}
      *<span className="sr-only">{t('cert.form.requiredMark')}</span>
    </span>
  ) : (
    <span className="text-sm font-normal text-slate-600"> ({t('cert.form.optional')})</span>
  );

  if (q.kind === 'text') {
    const length = draft?.text?.length ?? 0;
    return (
      <div className="flex flex-col gap-1" data-question={q.id}>
        <label htmlFor={`q-${q.id}`} className="font-medium text-slate-900">
          {prompt}
          {marker}
        </label>
        <textarea
          id={`q-${q.id}`}
          rows={4}
          maxLength={EVALUATION_TEXT_MAX}
          value={draft?.text ?? ''}
          onChange={(e) => onChange({ text: e.target.value })}
          aria-invalid={problem ? true : undefined}
          aria-describedby={[problem ? errorId : null, counterId].filter(Boolean).join(' ')}
          className={`rounded-lg border bg-white px-3 py-2 text-base text-slate-900 focus:outline-3 focus:outline-offset-1 focus:outline-teal-600 ${problem ? 'border-red-600' : 'border-slate-300'}`}
        />
        <p id={counterId} className="text-right text-xs text-slate-600">
          {t('cert.form.count', { n: length, max: EVALUATION_TEXT_MAX })}
        </p>
        {error}
      </div>
    );
  }

  return (
    <fieldset
      data-question={q.id}
      aria-invalid={problem ? true : undefined}
      aria-describedby={problem ? errorId : undefined}
    >
      <legend className="mb-2 font-medium text-slate-900">
        {prompt}
        {marker}
      </legend>
      {q.kind === 'rating' ? (
        <RatingField
          name={`q-${q.id}`}
          value={draft?.rating}
          onChange={(rating) => onChange({ rating })}
          describedBy={problem ? errorId : undefined}
          invalid={!!problem}
        />
      ) : (
        <div className="flex flex-col gap-2">
          {q.choices.map((c) => (
            <label
              key={c.id}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-4 py-2 has-[:checked]:border-teal-600 has-[:checked]:bg-teal-50"
            >
              <input
                type="radio"
                name={`q-${q.id}`}
                value={c.id}
                checked={draft?.choiceId === c.id}
                onChange={() => onChange({ choiceId: c.id })}
                aria-describedby={problem ? errorId : undefined}
                className="h-4 w-4 accent-teal-700"
              />
              {lang === 'en' ? c.labelEn : c.labelTh}
            </label>
          ))}
        </div>
      )}
      {error}
    </fieldset>
  );
}
