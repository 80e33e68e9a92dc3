import type { AdminAssessment, AdminQuestion } from '@rianroo/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { ConfirmButton } from '../components/ConfirmButton';
import { useAdminI18n } from '../i18n';
import { useAdminWrite } from '../lib/use-admin-write';
import { useDeleteQuestion, useEditQuestion, useOrderQuestions, useRetireQuestion } from './assessments-api';
import { QuestionForm } from './QuestionForm';

/** The questions in order: moved by buttons, edited in place, deleted (never shown) or retired (answered). */
export function QuestionList({ assessment }: { assessment: AdminAssessment }) {
  const { t } = useAdminI18n();
  const a = assessment;
  const order = useOrderQuestions(a.courseId, a.id);
  const write = useAdminWrite();
  const ids = a.questions.map((q) => q.id);
  const move = (i: number, by: -1 | 1) => {
    const next = [...ids];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    write(order.mutateAsync(next), t('admin.question.moved', { n: i + by + 1 })).catch(() => {});
  };
  if (!a.questions.length) return <p className="text-slate-600">{t('admin.questions.empty')}</p>;
  return (
    <ol className="flex flex-col gap-3">
      {a.questions.map((q, i) => (
        <li key={q.id} className="rounded-lg border border-slate-200 p-3">
          <QuestionItem courseId={a.courseId} question={q} n={i + 1} />
          <div className="mt-2 flex gap-1">
            <Button
              variant="secondary"
              aria-label={t('admin.question.up', { n: i + 1 })}
              disabled={i === 0 || order.isPending}
              onClick={() => move(i, -1)}
            >
              ↑
            </Button>
            <Button
              variant="secondary"
              aria-label={t('admin.question.down', { n: i + 1 })}
              disabled={i === a.questions.length - 1 || order.isPending}
              onClick={() => move(i, 1)}
            >
              ↓
            </Button>
          </div>
        </li>
      ))}
    </ol>
  );
}

function QuestionItem({
  courseId,
  question: q,
  n,
}: {
  courseId: string;
  question: AdminQuestion;
  n: number;
}) {
  const { t } = useAdminI18n();
  const [editing, setEditing] = useState(false);
  const edit = useEditQuestion(courseId);
  const remove = useDeleteQuestion(courseId);
  const retire = useRetireQuestion(courseId);
  const write = useAdminWrite();
  if (editing)
    return (
      <QuestionForm
        question={q}
        busy={edit.isPending}
        onCancel={() => setEditing(false)}
        onSave={(v) =>
          write(edit.mutateAsync({ ...v, id: q.id }), t('admin.course.saved')).then(() => setEditing(false))
        }
      />
    );
  return (
    <div className="flex flex-col gap-2">
      <p className="font-medium break-words text-slate-900">
        {n}. {q.prompt}{' '}
        <span className="text-sm font-normal text-slate-600">
          ({t(`admin.question.kind.${q.kind}`)} · {t('admin.question.pointsN', { n: q.points })})
        </span>
        {q.retired && (
          <span className="ml-2 rounded bg-slate-200 px-2 py-0.5 text-xs text-slate-800">
            {t('admin.question.retired')}
          </span>
        )}
      </p>
      <ul className="flex flex-col gap-1 text-sm">
        {q.choices.map((c) => (
          <li key={c.id} className={c.correct ? 'font-semibold text-teal-800' : 'text-slate-700'}>
            {c.correct ? '✓ ' : '• '}
            {c.label}
            {c.correct && <span className="sr-only"> ({t('admin.question.rightAnswer')})</span>}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          aria-label={t('admin.question.editN', { n })}
          onClick={() => setEditing(true)}
        >
          {t('admin.question.edit')}
        </Button>
        {q.answered ? (
          <Button
            variant="secondary"
            busy={retire.isPending}
            onClick={() =>
              write(
                retire.mutateAsync({ id: q.id, retired: !q.retired }),
                t(q.retired ? 'admin.question.restored' : 'admin.question.retiredDone'),
              ).catch(() => {})
            }
          >
            {t(q.retired ? 'admin.question.restore' : 'admin.question.retire')}
          </Button>
        ) : (
          <ConfirmButton
            label={t('admin.question.delete')}
            accessibleLabel={t('admin.question.deleteN', { n })}
            title={t('admin.question.deleteTitle')}
            body={q.prompt}
            onConfirm={() => write(remove.mutateAsync(q.id), t('admin.question.deleted'))}
          />
        )}
      </div>
    </div>
  );
}
