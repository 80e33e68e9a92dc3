import type { AdminQuestion, QuestionDraft, QuestionKind } from '@rianroo/contract';
import { QUESTION_TOPIC_MAX, questionInput } from '@rianroo/contract';
import { useId, useState, type FormEvent } from 'react';
import { TextField } from '../../../components/ui/TextField';
import { useAdminI18n, type AdminKey } from '../i18n';
import { ChoicesEditor, QuestionFormButtons } from './QuestionFormParts';
import { Form } from '../../../components/ui/Form';

type Choice = { id?: string; label: string; correct: boolean };
const KINDS: QuestionKind[] = ['single', 'multiple', 'true_false'];
/** The contract's refusals, in the console's words. */
const PROBLEMS: Record<string, AdminKey> = {
  'Mark the right choice': 'admin.question.err.noRight',
  'This kind of question has one right choice': 'admin.question.err.oneRight',
  'True or false has exactly two choices': 'admin.question.err.twoChoices',
};
const field = 'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base';

/**
 * One question with its choices and the right answer(s), checked with the contract's own schema before it
 * is sent. An answered question (learners were shown it) keeps its kind, points, choices and right answers:
 * those fields are read-only, only the wording may change.
 */
export function QuestionForm({
  question,
  busy,
  onSave,
  onCancel,
}: {
  question?: AdminQuestion;
  busy: boolean;
  onSave: (q: QuestionDraft) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useAdminI18n();
  const id = useId();
  const locked = !!question?.answered;
  const [kind, setKind] = useState<QuestionKind>(question?.kind ?? 'single');
  const [prompt, setPrompt] = useState(question?.prompt ?? '');
  const [explanation, setExplanation] = useState(question?.explanation ?? '');
  const [topic, setTopic] = useState(question?.topic ?? '');
  const [points, setPoints] = useState(String(question?.points ?? 1));
  // A new question has no right choice until the author picks one (a preset one was saved by mistake); saving
  // without one is refused with the contract's message, in Thai.
  const [choices, setChoices] = useState<Choice[]>(
    question?.choices ?? [
      { label: '', correct: false },
      { label: '', correct: false },
    ],
  );
  const [error, setError] = useState<string | null>(null);
  const setChoice = (i: number, c: Partial<Choice>) =>
    setChoices(
      choices.map((x, j) =>
        j === i ? { ...x, ...c } : kind !== 'multiple' && c.correct ? { ...x, correct: false } : x,
      ),
    );
  const changeKind = (k: QuestionKind) => {
    setKind(k);
    if (k === 'true_false')
      setChoices([
        { label: t('admin.question.true'), correct: false },
        { label: t('admin.question.false'), correct: false },
      ]);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const draft: QuestionDraft = { kind, prompt, explanation, topic, points: Number(points), choices };
    const checked = questionInput.safeParse(draft);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      setError(
        t(
          issue?.path[0] === 'topic'
            ? 'admin.question.err.topicLong'
            : (PROBLEMS[issue?.message ?? ''] ?? 'admin.question.invalid'),
        ),
      );
      return;
    }
    setError(null);
    onSave(draft).then(
      () => {
        if (!question) {
          setPrompt('');
          setExplanation('');
          setTopic('');
          setChoices([
            { label: '', correct: false },
            { label: '', correct: false },
          ]);
        }
      },
      () => {},
    );
  };
  return (
    <Form
      onSubmit={submit}
      className="flex flex-col gap-3"
      aria-describedby={error ? `${id}-err` : undefined}
    >
      {locked && (
        <p className="rounded-lg bg-amber-50 p-2 text-sm text-amber-900">{t('admin.question.locked')}</p>
      )}
      <div className="flex flex-wrap gap-3">
        <label className="flex min-w-48 flex-1 flex-col gap-1 text-sm font-medium text-slate-800">
          {t('admin.question.kind')}
          <select
            className={field}
            value={kind}
            disabled={locked}
            onChange={(e) => changeKind(e.target.value as QuestionKind)}
          >
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`admin.question.kind.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <TextField
          className="w-28"
          type="number"
          min={1}
          max={100}
          label={t('admin.question.points')}
          value={points}
          disabled={locked}
          onChange={(e) => setPoints(e.target.value)}
        />
      </div>
      <TextField
        label={t('admin.question.prompt')}
        value={prompt}
        onChange={(e) => setPrompt(e.target.value)}
        required
      />
      <ChoicesEditor
        legend={kind === 'multiple' ? t('admin.question.choicesMany') : t('admin.question.choicesOne')}
        choices={choices}
        onChange={setChoices}
        blank={() => ({ label: '', correct: false })}
        fixed={locked || kind === 'true_false'}
        rowClassName="flex flex-wrap items-center gap-2"
      >
        {(c, i) => (
          <>
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type={kind === 'multiple' ? 'checkbox' : 'radio'}
                name={`${id}-right`}
                className="size-5"
                checked={c.correct}
                disabled={locked}
                onChange={(e) => setChoice(i, { correct: e.target.checked })}
              />
              {t('admin.question.right', { n: i + 1 })}
            </label>
            <TextField
              className="min-w-48 flex-1"
              label={t('admin.question.choice', { n: i + 1 })}
              value={c.label}
              onChange={(e) => setChoice(i, { label: e.target.value })}
              required
            />
          </>
        )}
      </ChoicesEditor>
      <TextField
        label={t('admin.question.explanation')}
        hint={t('admin.question.explanationHint')}
        value={explanation}
        onChange={(e) => setExplanation(e.target.value)}
      />
      <TextField
        label={t('admin.question.topic')}
        hint={t('admin.question.topicHint')}
        maxLength={QUESTION_TOPIC_MAX}
        value={topic}
        onChange={(e) => setTopic(e.target.value)}
      />
      {error && (
        <p id={`${id}-err`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <QuestionFormButtons editing={!!question} busy={busy} onCancel={onCancel} />
    </Form>
  );
}
