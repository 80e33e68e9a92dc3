import { useState, type ComponentType, type ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import { ConfirmButton } from '../components/ConfirmButton';
import { useReorder, type Write } from '../components/use-reorder';
import { useAdminI18n } from '../i18n';
import { useAdminWrite } from '../lib/use-admin-write';

/** The questions in order (a test's, or the evaluation form's), each moved up or down by buttons. */
export function QuestionRows<T extends { id: string }>({
  items,
  order,
  children,
}: {
  items: T[];
  /** Sends the new order (every id). */
  order: Write<string[]>;
  /** One question's row; n counts from 1. */
  children: (item: T, n: number) => ReactNode;
}) {
  const { t } = useAdminI18n();
  const moveButtons = useReorder(items, order, (_, n) => t('admin.question.moved', { n }));
  return (
    <ol className="flex flex-col gap-3">
      {items.map((q, i) => (
        <li key={q.id} className="rounded-lg border border-slate-200 p-3">
          {children(q, i + 1)}
          <div className="mt-2">
            {moveButtons(i, {
              up: t('admin.question.up', { n: i + 1 }),
              down: t('admin.question.down', { n: i + 1 }),
            })}
          </div>
        </li>
      ))}
    </ol>
  );
}

/** What a question's form takes (QuestionForm, EvaluationForm). */
export type QuestionFormProps<Q, V> = {
  question?: Q;
  busy: boolean;
  onSave: (v: V) => Promise<unknown>;
  onCancel?: () => void;
};

/**
 * One question: its summary with Edit (the form in place) and Delete after a question. A question learners
 * answered is never deleted: `answeredAction` (e.g. retire) stands in its place, or nothing.
 */
export function QuestionRow<Q extends { id: string; answered: boolean }, V>({
  question: q,
  n,
  prompt,
  Form,
  edit,
  remove,
  answeredAction,
  children,
}: {
  question: Q;
  n: number;
  /** The prompt in the admin's language: the delete question's body. */
  prompt: string;
  Form: ComponentType<QuestionFormProps<Q, V>>;
  edit: Write<V & { id: string }>;
  remove: Write<string>;
  answeredAction?: ReactNode;
  /** The summary: prompt, kind, choices. */
  children: ReactNode;
}) {
  const { t } = useAdminI18n();
  const [editing, setEditing] = useState(false);
  const write = useAdminWrite();
  if (editing)
    return (
      <Form
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
      {children}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          aria-label={t('admin.question.editN', { n })}
          onClick={() => setEditing(true)}
        >
          {t('admin.question.edit')}
        </Button>
        {q.answered ? (
          answeredAction
        ) : (
          <ConfirmButton
            label={t('admin.question.delete')}
            accessibleLabel={t('admin.question.deleteN', { n })}
            title={t('admin.question.deleteTitle')}
            body={prompt}
            onConfirm={() => write(remove.mutateAsync(q.id), t('admin.question.deleted'))}
          />
        )}
      </div>
    </div>
  );
}
