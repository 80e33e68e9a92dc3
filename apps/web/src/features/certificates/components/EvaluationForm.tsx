import type { EvaluationAnswer, EvaluationQuestion } from '@rianroo/contract';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { useI18n } from '../../../lib/i18n';
import { problems, toAnswers, type Drafts } from '../lib/evaluation-answers';
import { EvaluationQuestionField } from './EvaluationQuestionField';

/**
 * The evaluation as a form. Required questions are checked on the first submit; from then on each error stays
 * at its field until that field is fixed.
 */
export function EvaluationForm({
  questions,
  busy,
  onSubmit,
}: {
  questions: EvaluationQuestion[];
  busy: boolean;
  onSubmit: (answers: EvaluationAnswer[]) => void;
}) {
  const { t } = useI18n();
  const form = useRef<HTMLFormElement>(null);
  const [drafts, setDrafts] = useState<Drafts>({});
  const [tried, setTried] = useState(false);
  const found = tried ? problems(questions, drafts) : {};
  const count = Object.keys(found).length;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const now = problems(questions, drafts);
    const first = questions.find((q) => now[q.id]);
    if (first) {
      form.current
        ?.querySelector<HTMLElement>(
          `[data-question="${first.id}"] input, [data-question="${first.id}"] textarea`,
        )
        ?.focus();
      return;
    }
    onSubmit(toAnswers(questions, drafts));
  };

  return (
    <form ref={form} noValidate onSubmit={submit} className="mt-6 flex flex-col gap-6">
      <p className="text-sm text-slate-600">{t('cert.form.requiredHint')}</p>
      {questions.map((q) => (
        <div key={q.id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <EvaluationQuestionField
            question={q}
            draft={drafts[q.id]}
            problem={found[q.id]}
            onChange={(draft) => setDrafts((all) => ({ ...all, [q.id]: { ...all[q.id], ...draft } }))}
          />
        </div>
      ))}
      <div aria-live="polite" className="text-sm font-medium text-red-700">
        {count > 0 && t('cert.form.fixErrors', { n: count })}
      </div>
      <div>
        <Button type="submit" busy={busy}>
          {t('cert.form.submit')}
        </Button>
      </div>
    </form>
  );
}
