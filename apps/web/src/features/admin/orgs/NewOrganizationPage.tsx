import { Link, useNavigate } from 'react-router';
import { Card } from '../../../components/ui/Card';
import { textLink } from '../../../components/ui/link-styles';
import { AdminPage } from '../components/AdminPage';
import { useAdminI18n } from '../i18n';
import { useAdminWrite } from '../lib/use-admin-write';
import { OrganizationForm } from './OrganizationForm';
import { useCreateOrganization } from './orgs-api';

/** /admin/organizations/new: a new organisation; then its own page (courses and members). */
export default function NewOrganizationPage() {
  const { t } = useAdminI18n();
  const create = useCreateOrganization();
  const write = useAdminWrite();
  const navigate = useNavigate();
  return (
    <AdminPage
      title={t('admin.orgs.new')}
      actions={
        <Link to="/admin/organizations" className={textLink}>
          ← {t('admin.orgs.back')}
        </Link>
      }
    >
      <Card>
        <OrganizationForm
          label={t('admin.orgs.create')}
          busy={create.isPending}
          submit={(body) =>
            write(create.mutateAsync(body), t('admin.orgs.createdToast')).then((o) =>
              navigate(`/admin/organizations/${o.id}`),
            )
          }
        />
      </Card>
    </AdminPage>
  );
}
