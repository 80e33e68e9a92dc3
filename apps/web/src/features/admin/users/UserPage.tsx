import { Link, useParams } from 'react-router';
import { Alert, Card } from '../../../components/ui/Card';
import { Button } from '../../../components/ui/Button';
import { PageLoading } from '../../../components/ui/Spinner';
import { textLink } from '../../../components/ui/link-styles';
import { useErrorText } from '../../../lib/forms';
import { AdminPage } from '../components/AdminPage';
import { useAdminI18n } from '../i18n';
import { CertificatesCard } from './CertificatesCard';
import { RoleForm } from './RoleForm';
import { SessionsCard } from './SessionsCard';
import { SubscriptionsCard } from './SubscriptionsCard';
import { useUser } from './users-api';

/** /admin/users/:id: one user, their role, live sessions, subscriptions and certificates. */
export default function UserPage() {
  const { id = '' } = useParams();
  const { t, siteT, date } = useAdminI18n();
  const errorText = useErrorText();
  const user = useUser(id);
  const back = (
    <Link to="/admin/users" className={textLink}>
      ← {t('admin.user.back')}
    </Link>
  );
  if (user.isPending) return <PageLoading label={siteT('common.loading')} />;
  if (user.isError)
    return (
      <div className="flex flex-col gap-4">
        {back}
        <Alert>
          <span className="mr-3">{errorText(user.error)}</span>
          <Button variant="secondary" onClick={() => void user.refetch()}>
            {t('admin.table.retry')}
          </Button>
        </Alert>
      </div>
    );
  const u = user.data;
  return (
    <AdminPage title={u.name} lead={u.email} actions={back}>
      <Card title={t('admin.user.profile')}>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-slate-600">{t('admin.users.organization')}</dt>
          <dd>{u.organization?.name ?? t('admin.empty')}</dd>
          <dt className="text-slate-600">{t('admin.user.phone')}</dt>
          <dd>{u.phone ?? t('admin.empty')}</dd>
          <dt className="text-slate-600">{t('admin.users.created')}</dt>
          <dd>{date(u.createdAt)}</dd>
          <dt className="text-slate-600">{t('admin.user.verified')}</dt>
          <dd>{u.emailVerifiedAt ? date(u.emailVerifiedAt) : t('admin.user.notVerified')}</dd>
        </dl>
        <RoleForm user={u} />
      </Card>
      <SessionsCard user={u} />
      <SubscriptionsCard user={u} />
      <CertificatesCard user={u} />
    </AdminPage>
  );
}
