import { adminLegalDocumentBody, legalKinds } from '@rianroo/contract';
import { z } from 'zod';
import { Button } from '../../../components/ui/Button';
import { Form } from '../../../components/ui/Form';
import { TextField } from '../../../components/ui/TextField';
import { ApiError } from '../../../lib/api-error';
import { useZodForm } from '../../../lib/forms';
import { SelectField, TextArea } from '../components/Fields';
import { useAdminI18n } from '../i18n';
import { useAdminWrite } from '../lib/use-admin-write';
import { useCreateLegalDocument } from './legal-api';

/** The contract's body, with the date as a local date-time field writes it ('' for now). */
const form = adminLegalDocumentBody.extend({ effectiveAt: z.string() });

/** A new version of the terms or the privacy notice, Thai and English, in effect now or from a later date. */
export function NewVersionForm() {
  const { t } = useAdminI18n();
  const create = useCreateLegalDocument();
  const write = useAdminWrite();
  const { register, handleSubmit, setError, reset, formState } = useZodForm(form, {
    kind: 'terms',
    effectiveAt: '',
    titleTh: '',
    titleEn: '',
    bodyTh: '',
    bodyEn: '',
    changesTh: '',
    changesEn: '',
  });
  const e = formState.errors;
  const pastDate = () => setError('effectiveAt', { message: t('admin.legal.pastDate') });
  return (
    <Form
      aria-label={t('admin.legal.new')}
      className="flex flex-col gap-4"
      onSubmit={handleSubmit(({ effectiveAt, ...v }) => {
        // A local date and time, sent with its offset (the console's clock and zone).
        const at = effectiveAt ? new Date(effectiveAt) : undefined;
        if (at && at.getTime() < Date.now() - 60_000) return pastDate();
        write(create.mutateAsync({ ...v, effectiveAt: at?.toISOString() }), t('admin.legal.created'))
          .then(() => reset())
          .catch((err: unknown) => {
            if (err instanceof ApiError && err.field('effectiveAt')) pastDate();
          });
      })}
    >
      <SelectField label={t('admin.legal.kind')} {...register('kind')}>
        {legalKinds.map((k) => (
          <option key={k} value={k}>
            {t(`admin.legal.kind.${k}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('admin.legal.effectiveAt')}
        type="datetime-local"
        hint={t('admin.legal.effectiveHint')}
        error={e.effectiveAt?.message}
        {...register('effectiveAt')}
      />
      <TextField
        label={t('admin.legal.titleTh')}
        required
        error={e.titleTh?.message}
        {...register('titleTh')}
      />
      <TextField
        label={t('admin.legal.titleEn')}
        required
        error={e.titleEn?.message}
        {...register('titleEn')}
      />
      <TextArea
        label={t('admin.legal.bodyTh')}
        required
        rows={8}
        hint={t('admin.legal.bodyHint')}
        error={e.bodyTh?.message}
        {...register('bodyTh')}
      />
      <TextArea
        label={t('admin.legal.bodyEn')}
        required
        rows={8}
        hint={t('admin.legal.bodyHint')}
        error={e.bodyEn?.message}
        {...register('bodyEn')}
      />
      <TextArea
        label={t('admin.legal.changesTh')}
        hint={t('admin.legal.changesHint')}
        error={e.changesTh?.message}
        {...register('changesTh')}
      />
      <TextArea
        label={t('admin.legal.changesEn')}
        hint={t('admin.legal.changesHint')}
        error={e.changesEn?.message}
        {...register('changesEn')}
      />
      <div>
        <Button type="submit" busy={create.isPending}>
          {t('admin.legal.create')}
        </Button>
      </div>
    </Form>
  );
}
