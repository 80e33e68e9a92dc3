import { instructorApplicationBody } from '@rianroo/contract';
import { useId } from 'react';
import { Button } from '../../../components/ui/Button';
import { Alert, AuthShell } from '../../../components/ui/Card';
import { TextField } from '../../../components/ui/TextField';
import { useZodForm } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useMe } from '../../../lib/use-session';
import { useApplyToTeach } from '../api/contact';

/** The spec's toasts of the teach-with-us form, word for word. */
export const SENT_TOAST = 'Successfully Sent';
export const FAILED_TOAST = 'Error, fail to save data';

/** "Teach with us" (`/next-instructor`): an application the team reads in the admin console. */
export default function NextInstructorPage() {
  const { t } = useI18n();
  const toast = useToast();
  const me = useMe().data;
  const apply = useApplyToTeach();
  const experienceId = useId();
  const { register, handleSubmit, formState } = useZodForm(instructorApplicationBody, {
    name: me ? `${me.firstName} ${me.lastName}`.trim() : '',
    email: me?.email ?? '',
    phone: me?.phone ?? '',
    topic: '',
    experience: '',
    portfolioUrl: undefined,
  });
  const { errors } = formState;
  return (
    <AuthShell title={t('teach.title')}>
      {apply.isSuccess ? (
        <Alert kind="success">{t('teach.sentLead')}</Alert>
      ) : (
        <>
          <p className="mb-4 text-slate-700">{t('teach.lead')}</p>
          <form
            noValidate
            className="flex flex-col gap-4"
            onSubmit={handleSubmit((v) =>
              apply.mutate(
                { ...v, experience: v.experience || undefined, portfolioUrl: v.portfolioUrl || undefined },
                {
                  onSuccess: () => toast(SENT_TOAST, 'success'),
                  onError: () => toast(FAILED_TOAST, 'error', 4000),
                },
              ),
            )}
          >
            <TextField
              label={t('teach.name')}
              autoComplete="name"
              error={errors.name?.message}
              {...register('name')}
            />
            <TextField
              label={t('field.email')}
              type="email"
              autoComplete="email"
              error={errors.email?.message}
              {...register('email')}
            />
            <TextField
              label={t('contact.phone')}
              type="tel"
              autoComplete="tel"
              error={errors.phone?.message}
              {...register('phone')}
            />
            <TextField label={t('teach.topic')} error={errors.topic?.message} {...register('topic')} />
            <div className="flex flex-col gap-1">
              <label htmlFor={experienceId} className="text-sm font-medium text-slate-800">
                {t('teach.experience')}
              </label>
              <textarea
                id={experienceId}
                rows={4}
                className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-base focus:outline-3 focus:outline-offset-1 focus:outline-teal-600"
                {...register('experience')}
              />
            </div>
            <TextField
              label={t('teach.portfolio')}
              type="url"
              inputMode="url"
              error={errors.portfolioUrl?.message}
              {...register('portfolioUrl', { setValueAs: (v: string) => v || undefined })}
            />
            <Button type="submit" busy={apply.isPending}>
              {apply.isPending ? t('common.saving') : t('teach.submit')}
            </Button>
          </form>
        </>
      )}
    </AuthShell>
  );
}
