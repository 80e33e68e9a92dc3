import { forwardRef, useId, useState, type InputHTMLAttributes } from 'react';
import { useI18n } from '../../lib/i18n';
import { useFieldProblem } from './Form';

type Props = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: string };

/**
 * A labelled input whose error is announced and tied to it (aria-describedby): the `error` given, or what the
 * Form around it found at the last submit (a missing field, named). A password field has a button that shows
 * what was typed.
 */
export const TextField = forwardRef<HTMLInputElement, Props>(function TextField(
  { label, error: given, hint, className = '', type, ...rest },
  ref,
) {
  const id = useId();
  const error = useFieldProblem(id) ?? given;
  const { t } = useI18n();
  const [shown, setShown] = useState(false);
  const password = type === 'password';
  const describedBy =
    [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          type={password && shown ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 focus:outline-3 focus:outline-offset-1 focus:outline-teal-600 ${password ? 'pr-20' : ''} ${error ? 'border-red-600' : 'border-slate-300'}`}
          {...rest}
        />
        {password && (
          <button
            type="button"
            aria-pressed={shown}
            aria-controls={id}
            aria-label={t('field.showPasswordLabel')}
            onClick={() => setShown((v) => !v)}
            className="absolute inset-y-1 right-1 min-w-16 rounded-md px-2 text-sm font-medium text-teal-800 hover:bg-teal-50 focus-visible:outline-3 focus-visible:outline-teal-600"
          >
            {t('field.showPassword')}
          </button>
        )}
      </div>
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
});
