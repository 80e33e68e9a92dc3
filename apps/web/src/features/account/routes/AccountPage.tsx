import { Link } from 'react-router';
import { Alert, Card } from '../../../components/ui/Card';
import { Button } from '../../../components/ui/Button';
import { PageLoading } from '../../../components/ui/Spinner';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { useMe } from '../../../lib/use-session';
import { CertificatesSection } from '../components/CertificatesSection';
import { CloseAccountSection } from '../components/CloseAccountSection';
import { ConsentsSection } from '../components/ConsentsSection';
import { DataExportSection } from '../components/DataExportSection';
import { DataRequestsSection } from '../components/DataRequestsSection';
import { DevicesSection } from '../components/DevicesSection';
import { LanguageSection } from '../components/LanguageSection';
import { MembershipSection } from '../components/MembershipSection';
import { OrganizationSection } from '../components/OrganizationSection';
import { PasswordSection } from '../components/PasswordSection';
import { ProfileSection } from '../components/ProfileSection';
import { ReceiptsSection } from '../components/ReceiptsSection';
import { textLink } from '../../../components/ui/link-styles';

export default function AccountPage() {
  const { t } = useI18n();
  const errorText = useErrorText();
  const me = useMe();
  if (me.isPending) return <PageLoading label={t('common.loading')} />;
  if (me.isError) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col items-start gap-4 px-4 py-10">
        <Alert>{errorText(me.error)}</Alert>
        <Button variant="secondary" onClick={() => void me.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  const user = me.data;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <h1 className="text-2xl font-bold">{t('account.title')}</h1>
      <ProfileSection key={user.id} user={user} />
      <MembershipSection />
      <OrganizationSection />
      <ReceiptsSection />
      <CertificatesSection />
      <PasswordSection hasPassword={user.hasPassword} />
      <DevicesSection />
      <LanguageSection user={user} />
      <DataExportSection />
      <DataRequestsSection />
      <ConsentsSection userId={user.id} />
      <Card title={t('comm.title')}>
        <p className="text-slate-700">{t('comm.lead')}</p>
        <div className="mt-3 flex flex-wrap gap-4">
          <Link className={textLink} to="/communication-page">
            {t('comm.link')}
          </Link>
          <Link className={textLink} to="/guard-contact?redirect=%2Faccount">
            {t('contact.title')}
          </Link>
        </div>
      </Card>
      <CloseAccountSection hasPassword={user.hasPassword} email={user.email} />
    </div>
  );
}
