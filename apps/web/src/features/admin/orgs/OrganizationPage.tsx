import { Link, useParams } from 'react-router';
import { Alert, Card } from '../../../components/ui/Card';
import { Button } from '../../../components/ui/Button';
import { PageLoading } from '../../../components/ui/Spinner';
import { textLink } from '../../../components/ui/link-styles';
import { useErrorText } from '../../../lib/forms';
import { AdminPage } from '../components/AdminPage';
import { useAdminI18n } from '../i18n';
import { useAdminWrite } from '../lib/use-admin-write';
import { CoursesCard } from './CoursesCard';
import { ManagersCard } from './ManagersCard';
import { MembersCard } from './MembersCard';
import { OrganizationForm } from './OrganizationForm';
import { SeatsCard } from './SeatsCard';
import { useOrganization, useUpdateOrganization } from './orgs-api';

/** /admin/organizations/:id: an organisation's fields, granted and picked courses, and members. */
export default function OrganizationPage() {
  const { id = '' } = useParams();
  const { t, siteT } = useAdminI18n();
  const errorText = useErrorText();
  const org = useOrganization(id);
  const update = useUpdateOrganization(id);
  const write = useAdminWrite();
  const back = (
    <Link to="/admin/organizations" className={textLink}>
      ← {t('admin.orgs.back')}
    </Link>
  );
  if (org.isPending) return <PageLoading label={siteT('common.loading')} />;
  if (org.isError)
    return (
      <div className="flex flex-col gap-4">
        {back}
        <Alert>
          <span className="mr-3">{errorText(org.error)}</span>
          <Button variant="secondary" onClick={() => void org.refetch()}>
            {t('admin.table.retry')}
          </Button>
        </Alert>
      </div>
    );
  const o = org.data;
  return (
    <AdminPage title={o.name} actions={back}>
      <Card title={t('admin.orgs.settings')}>
        <OrganizationForm
          org={o}
          label={t('admin.orgs.save')}
          busy={update.isPending}
          submit={(body) => write(update.mutateAsync({ ...body, version: o.version }), t('admin.orgs.saved'))}
        />
      </Card>
      <CoursesCard org={o} />
      <SeatsCard org={o} />
      <ManagersCard orgId={o.id} />
      <MembersCard orgId={o.id} />
    </AdminPage>
  );
}
