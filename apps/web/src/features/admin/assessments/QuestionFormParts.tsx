import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import { useAdminI18n } from '../i18n';

/** A question keeps at least this many choices, and has at most… */
const MIN_CHOICES = 2;
const MAX_CHOICES = 10;

/**
 * A question's choices (a test's, or the evaluation form's): each choice's fields, a ✕ to remove it while
 * more than two are left, and "Add a choice" up to ten. `fixed` allows neither (an answered question, true or
 * false); `kept` marks one choice that stays (an answered evaluation question keeps the choices it had).
 */
export function ChoicesEditor<C extends { id?: string }>({
  legend,
  choices,
  onChange,
  blank,
  fixed = false,
  kept,
  rowClassName,
  children,
}: {
  legend: ReactNode;
  choices: C[];
  onChange: (choices: C[]) => void;
  /** A new, empty choice. */
  blank: () => C;
  fixed?: boolean;
  kept?: (choice: C) => boolean;
  rowClassName: string;
  /** One choice's fields; i counts from 0. */
  children: (choice: C, i: number) => ReactNode;
}) {
  const { t } = useAdminI18n();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {choices.map((c, i) => (
        <div key={c.id ?? i} className={rowClassName}>
          {children(c, i)}
          {!fixed && !kept?.(c) && choices.length > MIN_CHOICES && (
            <Button
              type="button"
              variant="secondary"
              aria-label={t('admin.question.removeChoice', { n: i + 1 })}
              onClick={() => onChange(choices.filter((_, j) => j !== i))}
            >
              ✕
            </Button>
          )}
        </div>
      ))}
      {!fixed && choices.length < MAX_CHOICES && (
        <Button
          type="button"
          variant="secondary"
          className="self-start"
          onClick={() => onChange([...choices, blank()])}
        >
          {t('admin.question.addChoice')}
        </Button>
      )}
    </fieldset>
  );
}

/** A question form's buttons: Add (new) or Save (editing), and Cancel when editing in place. */
export function QuestionFormButtons({
  editing,
  busy,
  onCancel,
}: {
  editing: boolean;
  busy: boolean;
  onCancel?: () => void;
}) {
  const { t } = useAdminI18n();
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" busy={busy}>
        {editing ? t('admin.course.save') : t('admin.question.add')}
      </Button>
      {onCancel && (
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t('admin.question.cancel')}
        </Button>
      )}
    </div>
  );
}
