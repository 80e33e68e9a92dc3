import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Alert, AuthShell } from '../../../components/ui/Card';
import { PageLoading } from '../../../components/ui/Spinner';
import { useErrorText } from '../../../lib/forms';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { useUnsubscribe, useUnsubscribeLink } from '../api/communication';
import { textLink } from '../../../components/ui/link-styles';

const kindLabel: Record<string, MessageKey> = {
  news: 'comm.news',
  promotions: 'comm.promotions',
  reminders: 'comm.reminders',
};

/**
 * `/unsubscribe?token=`: the page of an e-mail's unsubscribe link. It asks before it acts, so that a link
 * scanner opening the page turns nothing off; mail clients use the one-click POST (RFC 8058) instead.
 */
export default function UnsubscribePage() {
  const { t } = useI18n();
  const errorText = useErrorText();
  const token = useSearchParams()[0].get('token') ?? '';
  const link = useUnsubscribeLink(token);
  const act = useUnsubscribe(token);
  const manage = (
    <Link to="/communication-page" className={`mt-4 inline-block ${textLink}`}>
      {t('unsub.manage')}
    </Link>
  );
  let body;
  if (!token) body = <Alert>{t('unsub.missing')}</Alert>;
  else if (act.isSuccess) {
    body = (
      <>
        <Alert kind="success">{t('unsub.done', { email: act.data.email })}</Alert>
        {manage}
      </>
    );
  } else if (link.isPending) body = <PageLoading label={t('common.loading')} />;
  else if (link.isError || act.isError) {
    body = (
      <>
        <Alert>{errorText(link.error ?? act.error)}</Alert>
        {manage}
      </>
    );
  } else {
    body = (
      <>
        <p className="wrap-anywhere text-slate-800">{t('unsub.lead', { email: link.data.email })}</p>
        <ul className="mt-2 mb-6 list-disc pl-6 text-slate-800">
          {link.data.kinds.map((k) => (
            <li key={k}>{t(kindLabel[k]!)}</li>
          ))}
        </ul>
        <Button onClick={() => act.mutate()} busy={act.isPending}>
          {t('unsub.confirm')}
        </Button>
      </>
    );
  }
  return <AuthShell title={t('unsub.title')}>{body}</AuthShell>;
}
