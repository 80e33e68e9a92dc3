import type { AdminApplication } from '@rianroo/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Card } from '../../../components/ui/Card';
import { Button } from '../../../components/ui/Button';
import { Form } from '../../../components/ui/Form';
import { PageLoading } from '../../../components/ui/Spinner';
import { textLink } from '../../../components/ui/link-styles';
import { useErrorText } from '../../../lib/forms';
import { AdminPage } from '../components/AdminPage';
import { Facts, SelectField, TextArea } from '../components/Fields';
import { useAdminI18n } from '../i18n';
import { useAdminWrite } from '../lib/use-admin-write';
import { STATUSES, useApplication, useMarkApplication } from './applications-api';

function MarkForm({ app }: { app: AdminApplication }) {
  const { t } = useAdminI18n();
  const mark = useMarkApplication(app.id);
  const write = useAdminWrite();
  const [status, setStatus] = useState(app.status);
  const [note, setNote] = useState(app.note ?? '');
  return (
    <Form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        write(mark.mutateAsync({ status, note }), t('admin.apps.marked')).catch(() => {});
      }}
    >
      <SelectField
        label={t('admin.apps.status')}
        value={status}
        onChange={(e) => setStatus(e.target.value as AdminApplication['status'])}
      >
        {STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`admin.apps.status.${s}`)}
          </option>
        ))}
      </SelectField>
      <TextArea
        label={t('admin.apps.note')}
        maxLength={2000}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      <div>
        <Button type="submit" busy={mark.isPending}>
          {t('admin.apps.mark')}
        </Button>
      </div>
    </Form>
  );
}

/** /admin/applications/:id: one application, and what was done about it (status and note). */
export default function ApplicationPage() {
  const { id = '' } = useParams();
  const { t, siteT, date } = useAdminI18n();
  const errorText = useErrorText();
  const app = useApplication(id);
  const back = (
    <Link to="/admin/applications" className={textLink}>
      ← {t('admin.apps.back')}
    </Link>
  );
  if (app.isPending) return <PageLoading label={siteT('common.loading')} />;
  if (app.isError)
    return (
      <div className="flex flex-col gap-4">
        {back}
        <Alert>
          <span className="mr-3">{errorText(app.error)}</span>
          <Button variant="secondary" onClick={() => void app.refetch()}>
            {t('admin.table.retry')}
          </Button>
        </Alert>
      </div>
    );
  const a = app.data;
  const none = t('admin.empty');
  return (
    <AdminPage title={a.name} lead={a.topic} actions={back}>
      <Card>
        <Facts
          rows={[
            [t('admin.apps.email'), a.email],
            [t('admin.apps.phone'), a.phone],
            [t('admin.apps.experience'), a.experience ?? none],
            [t('admin.apps.portfolio'), a.portfolioUrl ?? none],
            [t('admin.apps.received'), date(a.createdAt)],
            [t('admin.apps.status'), t(`admin.apps.status.${a.status}`)],
            [
              t('admin.apps.handledBy'),
              a.handledBy ? `${a.handledBy.name} · ${a.handledAt ? date(a.handledAt) : ''}` : none,
            ],
          ]}
        />
      </Card>
      <Card title={t('admin.apps.mark')}>
        <MarkForm key={`${a.status}:${a.note ?? ''}`} app={a} />
      </Card>
    </AdminPage>
  );
}
