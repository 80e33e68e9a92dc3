import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api-error';
import type { MessageKey } from './i18n';
import { useI18n } from './i18n';
import { useToast } from './toast';

type Issue = {
  code?: string;
  path?: PropertyKey[];
  input?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  format?: string;
  origin?: string;
};

/**
 * A zod issue in the learner's words (the contract's schemas validate; the words are ours): the message's key
 * and what fills it in. An empty field is "please fill in"; a filled one too short or too long says the limit.
 */
export function issueKey(issue: Issue): { key: MessageKey; vars?: { n: number } } {
  const field = String(issue.path?.[issue.path.length - 1] ?? '');
  if (field === 'consent') return { key: 'field.consentRequired' };
  if (issue.input === undefined || issue.input === '') return { key: 'field.required' };
  if (field === 'portfolioUrl') return { key: 'field.invalidUrl' };
  if (issue.format === 'email' || field === 'email') return { key: 'field.invalidEmail' };
  if (field === 'phone') return { key: 'field.invalidPhone' };
  if (issue.origin === 'string' && (issue.code === 'too_small' || issue.code === 'too_big')) {
    const n = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum);
    // A new password's own words (they name the minimum, as the field's hint does).
    if (issue.code === 'too_small' && n >= 8 && /password/i.test(field)) return { key: 'field.passwordMin' };
    return { key: issue.code === 'too_small' ? 'field.tooShort' : 'field.tooLong', vars: { n } };
  }
  return { key: 'field.required' };
}

/** react-hook-form validated by a contract schema, with messages translated. */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: z.input<S>,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  const { t } = useI18n();
  return useForm<z.input<S>, unknown, z.output<S>>({
    // The resolver's typing follows the schema; the error map only changes messages.
    resolver: zodResolver(
      schema as never,
      {
        error: (iss: Issue) => {
          const { key, vars } = issueKey(iss);
          return t(key, vars);
        },
      } as never,
    ) as never,
    defaultValues: defaultValues as never,
    mode: 'onTouched',
  });
}

/**
 * The text of an API error in the learner's language: the translation of its code; otherwise (a code this app
 * does not know yet) the server's own message in English, and the generic text in Thai, since the API's messages
 * are English.
 */
export function useErrorText() {
  const { t, lang } = useI18n();
  return (err: unknown): string => {
    // Told how long to wait (a minute or more): say so, in whole minutes.
    if (err instanceof ApiError && err.code === 'RATE_LIMITED' && (err.retryAfterSeconds ?? 0) >= 60) {
      const n = Math.ceil(err.retryAfterSeconds! / 60);
      return n === 1 ? t('error.RATE_LIMITED_MINUTE') : t('error.RATE_LIMITED_MINUTES', { n });
    }
    if (err instanceof ApiError) {
      const text = (t as (key: string) => string | undefined)(`error.${err.code}`);
      if (text) return text;
      if (lang === 'en' && err.status < 500 && err.message) return err.message;
    }
    return t('error.generic');
  };
}

/**
 * The one place an API error reaches a form: errors about known fields are shown at the field, anything else
 * as a toast.
 */
export function useApiErrorHandler<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError'>,
  fields: Path<T>[],
) {
  const toast = useToast();
  const text = useErrorText();
  return (err: unknown) => {
    if (err instanceof ApiError && err.details.length) {
      const known = err.details.filter((d) => fields.includes(d.path as Path<T>));
      const specific = err.code !== 'VALIDATION_ERROR' ? text(err) : undefined;
      for (const d of known) form.setError(d.path as Path<T>, { message: specific ?? d.message });
      if (known.length) return;
    }
    toast(text(err), 'error');
  };
}
