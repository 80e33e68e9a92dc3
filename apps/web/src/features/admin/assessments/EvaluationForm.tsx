import type { AdminEvaluationQuestion, EvaluationQuestionInput } from '@rianroo/contract';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/ui/TextField';
import { useAdminI18n } from '../i18n';
import { ChoicesEditor, QuestionFormButtons } from './QuestionFormParts';
import { CheckboxField } from '../../../components/ui/CheckboxField';
import { Form } from '../../../components/ui/Form';

type Kind = EvaluationQuestionInput['kind'];
type Choice = { id?: string; labelTh: string; labelEn: string };
const field = 'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base';

/** One evaluation question in Thai and English. An answered one keeps its kind and every choice it had. */
export function EvaluationForm({
  question,
  busy,
  onSave,
  onCancel,
}: {
  question?: AdminEvaluationQuestion;
  busy: boolean;
  onSave: (q: EvaluationQuestionInput) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useAdminI18n();
  const locked = !!question?.answered;
  const [kind, setKind] = useState<Kind>(question?.kind ?? 'rating');
  const [promptTh, setPromptTh] = useState(question?.promptTh ?? '');
  const [promptEn, setPromptEn] = useState(question?.promptEn ?? '');
  const [required, setRequired] = useState(question?.required ?? false);
  const [active, setActive] = useState(question?.active ?? true);
  const [choices, setChoices] = useState<Choice[]>(question?.choices ?? []);
  const setChoice = (i: number, c: Partial<Choice>) =>
    setChoices(choices.map((x, j) => (j === i ? { ...x, ...c } : x)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave({ kind, promptTh, promptEn, required, active, choices: kind === 'choice' ? choices : [] }).then(
      () => {
        if (!question) {
          setPromptTh('');
          setPromptEn('');
          setChoices([]);
        }
      },
      () => {},
    );
  };
  return (
    <Form onSubmit={submit} className="flex flex-col gap-3">
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        {t('admin.question.kind')}
        <select
          className={field}
          value={kind}
          disabled={locked}
          onChange={(e) => {
            const k = e.target.value as Kind;
            setKind(k);
            if (k === 'choice' && choices.length < 2)
              setChoices([
                { labelTh: '', labelEn: '' },
                { labelTh: '', labelEn: '' },
              ]);
          }}
        >
          {(['rating', 'choice', 'text'] as const).map((k) => (
            <option key={k} value={k}>
              {t(`admin.evaluation.kind.${k}`)}
            </option>
          ))}
        </select>
      </label>
      <TextField
        label={t('admin.evaluation.promptTh')}
        value={promptTh}
        onChange={(e) => setPromptTh(e.target.value)}
        required
      />
      <TextField
        label={t('admin.evaluation.promptEn')}
        value={promptEn}
        onChange={(e) => setPromptEn(e.target.value)}
        required
      />
      {kind === 'choice' && (
        <ChoicesEditor
          legend={t('admin.evaluation.choices')}
          choices={choices}
          onChange={setChoices}
          blank={() => ({ labelTh: '', labelEn: '' })}
          kept={(c) => locked && !!c.id}
          rowClassName="flex flex-wrap items-end gap-2"
        >
          {(c, i) => (
            <>
              <TextField
                className="min-w-40 flex-1"
                label={t('admin.evaluation.choiceTh', { n: i + 1 })}
                value={c.labelTh}
                onChange={(e) => setChoice(i, { labelTh: e.target.value })}
                required
              />
              <TextField
                className="min-w-40 flex-1"
                label={t('admin.evaluation.choiceEn', { n: i + 1 })}
                value={c.labelEn}
                onChange={(e) => setChoice(i, { labelEn: e.target.value })}
                required
              />
            </>
          )}
        </ChoicesEditor>
      )}
      <div className="flex flex-wrap gap-x-6">
        <CheckboxField label={t('admin.evaluation.required')} checked={required} onChange={setRequired} />
        <CheckboxField label={t('admin.evaluation.active')} checked={active} onChange={setActive} />
      </div>
      <QuestionFormButtons editing={!!question} busy={busy} onCancel={onCancel} />
    </Form>
  );
}
