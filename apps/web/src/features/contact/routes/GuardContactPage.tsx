import {
  CONTACT_LINE_MAX_LENGTH,
  contactBody,
  PHONE_MAX_LENGTH,
  provinces,
  type ContactGuardAnswer,
} from '@rianroo/contract';
import { useEffect, useId } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { AuthShell } from '../../../components/ui/Card';
import { PageLoading } from '../../../components/ui/Spinner';
import { TextField } from '../../../components/ui/TextField';
import { RetryAlert } from '../../../components/RetryAlert';
import { useContactGuard } from '../../../lib/contact';
import { useApiErrorHandler, useZodForm } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { safeRedirect } from '../../../lib/protected-paths';
import { useToast } from '../../../lib/toast';
import { useSaveContact } from '../api/contact';

type Fields = 'phone' | 'organization' | 'position' | 'province' | 'consent';

/** The contact guard (PRODUCT.md section 8): contact details the learner's organisation or the platform asks for. */
export default function GuardContactPage() {
  const { t } = useI18n();
  const guard = useContactGuard();
  if (guard.isPending) return <PageLoading label={t('common.loading')} />;
  if (guard.isError)
    return (
      <AuthShell title={t('contact.title')}>
        <RetryAlert error={guard.error} onRetry={() => void guard.refetch()} />
      </AuthShell>
    );
  return <ContactForm contact={guard.data.contact} askedBy={guard.data.askedBy} />;
}

function ContactForm({ contact, askedBy }: Pick<ContactGuardAnswer, 'contact' | 'askedBy'>) {
  const { t, lang, date } = useI18n();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const toast = useToast();
  const save = useSaveContact();
  const selectId = useId();
  const { register, handleSubmit, setError, formState, reset } = useZodForm(contactBody, {
    phone: contact?.phone ?? '',
    organization: contact?.organization ?? '',
    position: contact?.position ?? '',
    province: contact?.province ?? ('' as never),
    consent: (contact ? true : false) as never,
  });
  useEffect(() => {
    if (contact) reset({ ...contact, consent: true });
  }, [contact, reset]);
  const onApiError = useApiErrorHandler<Record<Fields, unknown>>({ setError }, [
    'phone',
    'organization',
    'position',
    'province',
    'consent',
  ]);
  const { errors } = formState;
  // Told who asks: their organisation, or Rianroo itself (a learner in no organisation, CONTACT_REQUIRED).
  const byOrganization = askedBy === 'organization';
  const done = () => {
    toast(t('contact.saved'), 'success');
    navigate(safeRedirect(params.get('redirect')), { replace: true });
  };
  return (
    <AuthShell title={t('contact.title')}>
      <p className="mb-4 text-slate-700">
        {contact ? t('contact.leadEdit') : byOrganization ? t('contact.lead') : t('contact.leadPlatform')}
      </p>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={handleSubmit((v) =>
          save.mutate({ ...v, id: contact?.id }, { onSuccess: done, onError: onApiError }),
        )}
      >
        <TextField
          label={t('contact.phone')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={PHONE_MAX_LENGTH}
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          label={t('contact.organization')}
          autoComplete="organization"
          maxLength={CONTACT_LINE_MAX_LENGTH}
          error={errors.organization?.message}
          {...register('organization')}
        />
        <TextField
          label={t('contact.position')}
          autoComplete="organization-title"
          maxLength={CONTACT_LINE_MAX_LENGTH}
          error={errors.position?.message}
          {...register('position')}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
            {t('contact.province')}
          </label>
          <select
            id={selectId}
            aria-invalid={errors.province ? true : undefined}
            aria-describedby={errors.province ? `${selectId}-error` : undefined}
            className={`min-h-11 rounded-lg border bg-white px-3 py-2 text-base focus:outline-3 focus:outline-offset-1 focus:outline-teal-600 ${errors.province ? 'border-red-600' : 'border-slate-300'}`}
            {...register('province')}
          >
            <option value="">{t('contact.chooseProvince')}</option>
            {provinces.map((p) => (
              <option key={p.code} value={p.code}>
                {lang === 'en' ? p.en : p.th}
              </option>
            ))}
          </select>
          {errors.province && (
            <p id={`${selectId}-error`} className="text-sm text-red-700">
              {errors.province.message}
            </p>
          )}
        </div>
        <div>
          <label className="flex items-start gap-3 text-sm text-slate-800">
            <input
              type="checkbox"
              className="mt-1 h-5 w-5 shrink-0 accent-teal-700"
              aria-invalid={errors.consent ? true : undefined}
              {...register('consent')}
            />
            <span>{byOrganization ? t('contact.consent') : t('contact.consentPlatform')}</span>
          </label>
          {errors.consent && <p className="mt-1 text-sm text-red-700">{errors.consent.message}</p>}
          {contact && (
            <p className="mt-1 text-xs text-slate-500">
              {t('contact.consentedOn', { date: date(contact.consentedAt) })}
            </p>
          )}
        </div>
        <Button type="submit" busy={save.isPending}>
          {save.isPending ? t('common.saving') : t('contact.save')}
        </Button>
      </form>
    </AuthShell>
  );
}
