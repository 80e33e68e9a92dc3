import { adminDataRequestBody, DATA_REQUEST_DETAILS_MAX } from '@rianroo/contract';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/ui/Button';
import { Form } from '../../../components/ui/Form';
import { Card } from '../../../components/ui/Card';
import { TextField } from '../../../components/ui/TextField';
import { textLink } from '../../../components/ui/link-styles';
import { ApiError } from '../../../lib/api-error';
import { bangkokToday } from '../../../lib/bangkok-day';
import { useZodForm } from '../../../lib/forms';
import { AdminPage } from '../components/AdminPage';
import { SelectField, TextArea } from '../components/Fields';
import { useAdminI18n } from '../i18n';
import { useAdminWrite } from '../lib/use-admin-write';
import { KINDS, useEnterDataRequest } from './data-requests-api';

/** Today in Bangkok, as a date input writes it (the server checks the same against its own clock). */

/** The contract's body, with the date field's empty value (today) allowed. */
const form = adminDataRequestBody.extend({
  receivedOn: z.union([z.literal(''), z.iso.date()]),
});

/** /admin/data-requests/new: staff enter a request received by e-mail, phone or letter. */
export default function NewDataRequestPage() {
  const { t } = useAdminI18n();
  const enter = useEnterDataRequest();
  const write = useAdminWrite();
  const navigate = useNavigate();
  const { register, handleSubmit, setError, formState } = useZodForm(form, {
    kind: 'access',
    requesterEmail: '',
    details: '',
    receivedOn: '',
  });
  const e = formState.errors;
  return (
    <AdminPage
      title={t('admin.dr.new')}
      lead={t('admin.dr.newLead')}
      actions={
        <Link to="/admin/data-requests" className={textLink}>
          ← {t('admin.dr.back')}
        </Link>
      }
    >
      <Card>
        <Form
          className="flex flex-col gap-4"
          onSubmit={handleSubmit(({ receivedOn, ...v }) => {
            if (receivedOn && receivedOn > bangkokToday()) {
              setError('receivedOn', { message: t('admin.dr.futureDay') });
              return;
            }
            write(enter.mutateAsync({ ...v, receivedOn: receivedOn || undefined }), t('admin.dr.created'))
              .then((r) => navigate(`/admin/data-requests/${r.id}`))
              .catch((err: unknown) => {
                if (err instanceof ApiError && err.field('receivedOn'))
                  setError('receivedOn', { message: t('admin.dr.futureDay') });
              });
          })}
        >
          <SelectField label={t('admin.dr.kind')} {...register('kind')}>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`admin.dr.kind.${k}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('admin.dr.requesterEmail')}
            type="email"
            autoComplete="off"
            required
            error={e.requesterEmail?.message}
            {...register('requesterEmail')}
          />
          <TextArea
            label={t('admin.dr.details')}
            required
            rows={5}
            maxLength={DATA_REQUEST_DETAILS_MAX}
            error={e.details?.message}
            {...register('details')}
          />
          <TextField
            label={t('admin.dr.receivedOn')}
            type="date"
            max={bangkokToday()}
            hint={t('admin.dr.receivedOnHint')}
            error={e.receivedOn?.message}
            {...register('receivedOn')}
          />
          <div>
            <Button type="submit" busy={enter.isPending}>
              {t('admin.dr.create')}
            </Button>
          </div>
        </Form>
      </Card>
    </AdminPage>
  );
}
