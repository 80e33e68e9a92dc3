import type { User } from '@rianroo/contract';
import { userPatchBody } from '@rianroo/contract';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { TextField } from '../../../components/ui/TextField';
import { useApiErrorHandler, useErrorText, useZodForm } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useUpdateUser } from '../api/update-user';
import { useUploadPhoto } from '../api/upload-photo';

const form = userPatchBody.pick({ firstName: true, lastName: true, displayName: true, phone: true });
type Form = { firstName?: string; lastName?: string; displayName?: string | null; phone?: string | null };
// No phone is null, as the field gives it back (setValueAs below): a reset keeps values as they are given.
const fromUser = (user: User): Form => ({
  firstName: user.firstName,
  lastName: user.lastName,
  displayName: user.displayName ?? '',
  phone: user.phone ?? null,
});

export function ProfileSection({ user }: { user: User }) {
  const { t, date } = useI18n();
  const toast = useToast();
  const errorText = useErrorText();
  const update = useUpdateUser(user.id);
  const upload = useUploadPhoto(user.id);
  const fileInput = useRef<HTMLInputElement>(null);
  const { register, handleSubmit, setError, formState, reset, getValues } = useZodForm(form, fromUser(user));
  // The user is loaded again after other changes on the page (language, photo): the fields take what the server
  // says now, except those the learner has edited and not saved yet.
  useEffect(() => {
    reset(fromUser(user), { keepDirtyValues: true, keepErrors: true });
  }, [reset, user]);
  const onApiError = useApiErrorHandler<Form>({ setError }, [
    'firstName',
    'lastName',
    'displayName',
    'phone',
  ]);
  const initials = [...(user.displayName || user.firstName || user.email)][0]?.toUpperCase() ?? '?';
  const e = formState.errors;

  return (
    <Card title={t('account.profile')}>
      <div className="flex flex-col gap-6 sm:flex-row">
        <div className="flex flex-col items-center gap-2 sm:w-40">
          {user.profile_image ? (
            <img
              src={user.profile_image}
              alt={t('account.photo')}
              width="96"
              height="96"
              className="h-24 w-24 rounded-full object-cover"
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex h-24 w-24 items-center justify-center rounded-full bg-teal-100 text-2xl font-bold text-teal-800"
            >
              {initials}
            </span>
          )}
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="sr-only"
            aria-label={t('account.photoChange')}
            onChange={(ev) => {
              const file = ev.target.files?.[0];
              ev.target.value = '';
              if (file)
                upload.mutate(file, {
                  onSuccess: () => toast(t('account.photoSaved'), 'success'),
                  onError: (err) => toast(errorText(err), 'error'),
                });
            }}
          />
          <Button
            type="button"
            variant="secondary"
            busy={upload.isPending}
            onClick={() => fileInput.current?.click()}
          >
            {t('account.photoChange')}
          </Button>
          <p className="text-center text-xs text-slate-500">{t('account.photoHint')}</p>
        </div>
        <form
          noValidate
          className="flex flex-1 flex-col gap-4"
          onSubmit={handleSubmit((v) => {
            const sent = JSON.stringify(getValues());
            update.mutate(
              { ...v, displayName: v.displayName || null, phone: v.phone || null },
              {
                onSuccess: (answer) => {
                  // What was saved is no longer an edit (unless the learner typed on meanwhile).
                  if (JSON.stringify(getValues()) === sent) reset(fromUser(answer));
                  toast(t('common.saved'), 'success');
                },
                onError: onApiError,
              },
            );
          })}
        >
          <p className="text-sm wrap-anywhere text-slate-600">
            {user.email} · {t('account.memberSince')} {date(user.createDate)}
            {user.bought_annual && (
              <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                {t('account.annual')}
              </span>
            )}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('field.firstName')}
              autoComplete="given-name"
              error={e.firstName?.message}
              {...register('firstName')}
            />
            <TextField
              label={t('field.lastName')}
              autoComplete="family-name"
              error={e.lastName?.message}
              {...register('lastName')}
            />
          </div>
          <TextField
            label={t('field.displayName')}
            autoComplete="nickname"
            error={e.displayName?.message}
            {...register('displayName')}
          />
          <TextField
            label={t('field.phone')}
            type="tel"
            autoComplete="tel"
            error={e.phone?.message}
            {...register('phone', { setValueAs: (v: string) => v || null })}
          />
          <div>
            <Button type="submit" busy={update.isPending}>
              {update.isPending ? t('common.saving') : t('common.save')}
            </Button>
          </div>
        </form>
      </div>
    </Card>
  );
}
