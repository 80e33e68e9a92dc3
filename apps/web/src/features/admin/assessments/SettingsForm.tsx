import type { AdminAssessment } from '@rianroo/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { Form } from '../../../components/ui/Form';
import { TextField } from '../../../components/ui/TextField';
import { useAdminI18n } from '../i18n';
import { useAdminWrite } from '../lib/use-admin-write';
import { useUpdateAssessment } from './assessments-api';
import { CheckboxField } from '../../../components/ui/CheckboxField';

const numberOrNull = (v: string) => (v.trim() === '' ? null : Number(v));

const initial = (a: AdminAssessment) => ({
  title: a.title,
  passingScore: String(a.passingScore),
  maxAttempts: a.maxAttempts === null ? '' : String(a.maxAttempts),
  minutes: a.timeLimitSeconds === null ? '' : String(a.timeLimitSeconds / 60),
  shuffleQuestions: a.shuffleQuestions,
  perAttempt: a.questionsPerAttempt === null ? '' : String(a.questionsPerAttempt),
  revealAnswers: a.revealAnswers,
  skippable: a.skippable,
  published: a.published,
});

/**
 * Title, pass mark, attempts, time limit and the switches of one quiz or test. Saving sends the version the
 * form was read at, so a change another administrator made meanwhile is refused (EDIT_CONFLICT, said in a
 * toast) rather than overwritten; the test is then read again and the form shows it as it is now (as the course
 * form does). An edit of the questions is no edit of the settings: the form keeps what is typed in it.
 */
export function SettingsForm({ assessment: a }: { assessment: AdminAssessment }) {
  const { t } = useAdminI18n();
  const update = useUpdateAssessment(a.courseId, a.id);
  const write = useAdminWrite();
  const [v, setV] = useState(() => initial(a));
  const [seen, setSeen] = useState(a.version);
  if (a.version !== seen) {
    setSeen(a.version);
    setV(initial(a));
  }
  const text = (k: 'title' | 'passingScore' | 'maxAttempts' | 'minutes' | 'perAttempt') => ({
    value: v[k],
    onChange: (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value }),
  });
  const flag = (k: 'shuffleQuestions' | 'revealAnswers' | 'skippable' | 'published', label: string) => (
    <CheckboxField label={label} checked={v[k]} onChange={(checked) => setV({ ...v, [k]: checked })} />
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const minutes = numberOrNull(v.minutes);
    write(
      update.mutateAsync({
        title: v.title,
        passingScore: Number(v.passingScore),
        maxAttempts: numberOrNull(v.maxAttempts),
        timeLimitSeconds: minutes === null ? null : Math.round(minutes * 60),
        shuffleQuestions: v.shuffleQuestions,
        questionsPerAttempt: numberOrNull(v.perAttempt),
        revealAnswers: v.revealAnswers,
        skippable: v.skippable,
        published: v.published,
        version: seen,
      }),
      t('admin.course.saved'),
    ).catch(() => {});
  };
  // What the saved setting does with the questions in use now.
  const inUse = a.questions.filter((q) => !q.retired).length;
  const pool =
    a.questionsPerAttempt === null
      ? null
      : a.questionsPerAttempt < inUse
        ? t('admin.assessment.perAttemptPool', { count: a.questionsPerAttempt, n: inUse })
        : t('admin.assessment.perAttemptAll', { n: inUse });
  return (
    <Form onSubmit={submit} className="flex flex-col gap-3">
      <TextField label={t('admin.assessment.name')} {...text('title')} required />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          type="number"
          min={0}
          max={100}
          label={t('admin.assessment.passingScore')}
          {...text('passingScore')}
          required
        />
        <TextField
          type="number"
          min={1}
          max={100}
          label={t('admin.assessment.maxAttempts')}
          hint={t('admin.assessment.blankUnlimited')}
          {...text('maxAttempts')}
        />
        <TextField
          type="number"
          min={1}
          max={1440}
          step="any"
          label={t('admin.assessment.minutes')}
          hint={t('admin.assessment.blankUnlimited')}
          {...text('minutes')}
        />
        <TextField
          type="number"
          min={1}
          max={500}
          label={t('admin.assessment.perAttempt')}
          hint={t('admin.assessment.perAttemptHint')}
          {...text('perAttempt')}
        />
      </div>
      {pool && (
        <p className="text-sm text-slate-700" role="status">
          {pool}
        </p>
      )}
      <div className="flex flex-wrap gap-x-6">
        {flag('published', t('admin.assessment.published'))}
        {flag('shuffleQuestions', t('admin.assessment.shuffle'))}
        {a.kind !== 'pre_test' && flag('revealAnswers', t('admin.assessment.reveal'))}
        {a.kind === 'pre_test' && flag('skippable', t('admin.assessment.skippable'))}
      </div>
      <Button type="submit" className="self-start" busy={update.isPending}>
        {t('admin.course.save')}
      </Button>
    </Form>
  );
}
