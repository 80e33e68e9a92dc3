import { CLOSED_STATUSES, type AdminDataRequestDetail, type DataRequestStatus } from '@rianroo/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Form } from '../../../components/ui/Form';
import { SelectField, TextArea } from '../components/Fields';
import { useAdminI18n } from '../i18n';
import { useAdminWrite } from '../lib/use-admin-write';
import { STATUSES, useChangeDataRequest } from './data-requests-api';

/**
 * A request's status and resolution. Closing (done or rejected) needs a resolution, said at the field before
 * anything is sent; a closed request is final, so the form is not shown for it.
 */
export function ChangeForm({ request }: { request: AdminDataRequestDetail }) {
  const { t } = useAdminI18n();
  const change = useChangeDataRequest(request.id);
  const write = useAdminWrite();
  const [status, setStatus] = useState<DataRequestStatus>(request.status);
  const [resolution, setResolution] = useState(request.resolution);
  const [error, setError] = useState<string>();
  return (
    <Form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (CLOSED_STATUSES.includes(status) && !resolution.trim()) {
          setError(t('admin.dr.resolutionRequired'));
          return;
        }
        setError(undefined);
        write(change.mutateAsync({ status, resolution: resolution.trim() }), t('admin.dr.changed')).catch(
          () => {},
        );
      }}
    >
      <SelectField
        label={t('admin.dr.status')}
        value={status}
        onChange={(e) => setStatus(e.target.value as DataRequestStatus)}
      >
        {STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`admin.dr.status.${s}`)}
          </option>
        ))}
      </SelectField>
      <TextArea
        label={t('admin.dr.resolution')}
        hint={t('admin.dr.resolutionHint')}
        error={error}
        maxLength={2000}
        rows={4}
        value={resolution}
        onChange={(e) => setResolution(e.target.value)}
      />
      <div>
        <Button type="submit" busy={change.isPending}>
          {t('admin.dr.change')}
        </Button>
      </div>
    </Form>
  );
}
