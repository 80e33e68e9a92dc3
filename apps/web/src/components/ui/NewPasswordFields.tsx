import { PASSWORD_MAX, PASSWORD_MIN } from '@rianroo/contract';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { useI18n } from '../../lib/i18n';
import { TextField } from './TextField';

/** A new password typed twice: the fields of the schema, and the check that the second matches the first. */
export const newPasswordShape = {
  password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX),
  passwordConfirmation: z.string().min(1),
};
export const passwordsMatch: [
  (v: { password: string; passwordConfirmation: string }) => boolean,
  { path: PropertyKey[] },
] = [(v) => v.password === v.passwordConfirmation, { path: ['passwordConfirmation'] }];

export function NewPasswordFields({
  password,
  confirmation,
  errors,
}: {
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  errors: { password?: FieldError; passwordConfirmation?: FieldError };
}) {
  const { t } = useI18n();
  const mismatch = errors.passwordConfirmation;
  return (
    <>
      <TextField
        label={t('field.newPassword')}
        type="password"
        autoComplete="new-password"
        hint={t('field.passwordMin')}
        error={errors.password?.message}
        {...password}
      />
      <TextField
        label={t('field.passwordConfirmation')}
        type="password"
        autoComplete="new-password"
        error={mismatch && (mismatch.type === 'custom' ? t('error.PASSWORD_MISMATCH') : mismatch.message)}
        {...confirmation}
      />
    </>
  );
}
