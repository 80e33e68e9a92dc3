import { RetryAlert } from '../../../components/RetryAlert';
import { certificatePagePath } from '@rianroo/contract';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/Card';
import { primaryLink, textLink } from '../../../components/ui/link-styles';
import { Spinner } from '../../../components/ui/Spinner';
import { useI18n } from '../../../lib/i18n';
import { useMyCertificates } from '../api/certificates';

/** "My certificates": each with its course, date and code, the way to view it and its public page. */
export function CertificatesSection() {
  const { t, date } = useI18n();
  const list = useMyCertificates();
  return (
    <Card title={t('cert.mine.title')}>
      {list.isPending && (
        <div className="min-h-24">
          <Spinner label={t('common.loading')} />
        </div>
      )}
      {list.isError && <RetryAlert error={list.error} onRetry={() => void list.refetch()} />}
      {list.data?.length === 0 && (
        <div className="flex flex-col items-start gap-3">
          <p className="text-slate-700">{t('cert.mine.empty')}</p>
          <Link to="/library" className={primaryLink}>
            {t('nav.library')}
          </Link>
        </div>
      )}
      {!!list.data?.length && (
        <ul className="divide-y divide-slate-200">
          {list.data.map((c) => (
            <li key={c.code} className="flex flex-col gap-2 py-3">
              <p className="font-medium text-slate-900">
                {c.courseTitle}
                {c.revokedAt && (
                  <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-900">
                    {t('cert.mine.revoked')}
                  </span>
                )}
              </p>
              <p className="text-sm text-slate-600">
                {t('cert.issuedOn')} {date(c.issuedAt)} · {t('cert.code')}{' '}
                <span className="font-mono text-slate-800">{c.code}</span>
              </p>
              <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                <Link
                  to={`/library/course/${encodeURIComponent(c.courseSlug)}/certificate`}
                  className={textLink}
                >
                  {t('cert.mine.view')}
                  <span className="sr-only">: {c.courseTitle}</span>
                </Link>
                <Link to={certificatePagePath(c.code)} className={textLink}>
                  {t('cert.mine.verify')}
                  <span className="sr-only">: {c.courseTitle}</span>
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
