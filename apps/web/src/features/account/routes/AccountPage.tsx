import { Link } from 'react-router';
import { Alert, Card } from '../../../components/ui/Card';
import { Button } from '../../../components/ui/Button';
import { PageLoading } from '../../../components/ui/Spinner';
import { useErrorText } from '../../../lib/forms';
import { setConsent, useConsent } from '../../../lib/consent';
import { useI18n } from '../../../lib/i18n';
import { useMe } from '../../../lib/use-session';
import { CertificatesSection } from '../components/CertificatesSection';
import { DevicesSection } from '../components/DevicesSection';
import { LanguageSection } from '../components/LanguageSection';
import { MembershipSection } from '../components/MembershipSection';
import { OrganizationSection } from '../components/OrganizationSection';
import { PasswordSection } from '../components/PasswordSection';
import { ProfileSection } from '../components/ProfileSection';
import { ReceiptsSection } from '../components/ReceiptsSection';
import { textLink } from '../../../components/ui/link-styles';

/** The analytics consent of this browser, changeable at any time (PDPA). */
function ConsentSwitch() {
  const { t } = useI18n();
  const consent = useConsent();
  return (
    <label className="flex w-full cursor-pointer items-center justify-between gap-4 border-b border-slate-200 pb-3">
      <span>
        <span className="block font-medium text-slate-900">{t('consent.account')}</span>
        <span className="block text-sm text-slate-600">{t('consent.accountHint')}</span>
      </span>
      <input
        type="checkbox"
        role="switch"
        checked={consent === 'granted'}
        onChange={(e) => setConsent(e.target.checked ? 'granted' : 'denied')}
        className="h-6 w-6 shrink-0 accent-teal-700"
      />
    </label>
  );
}

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
      <Card title={t('comm.title')}>
        <ConsentSwitch />
        <p className="mt-3 text-slate-700">{t('comm.lead')}</p>
        <div className="mt-3 flex flex-wrap gap-4">
          <Link className={textLink} to="/communication-page">
            {t('comm.link')}
          </Link>
          <Link className={textLink} to="/guard-contact?redirect=%2Faccount">
            {t('contact.title')}
          </Link>
        </div>
      </Card>
    </div>
  );
}
