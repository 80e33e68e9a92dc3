import type { CertificateVerification } from '@rianroo/contract';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { LineIcon } from '../../../components/ui/Icon';
import { textLink } from '../../../components/ui/link-styles';
import { PageLoading } from '../../../components/ui/Spinner';
import { useI18n } from '../../../lib/i18n';
import { useDocumentMeta } from '../../../lib/use-document-meta';
import { isUnknownCode, useVerifyCertificate } from '../api/verify-certificate';
import { LoadError, PageColumn } from '../components/PageParts';
import { SignatureStatus } from '../components/SignatureStatus';

const CHECK = 'M5 12.5l4.5 4.5L19 7.5';
const CROSS = 'M6 6l12 12M18 6L6 18';

/** `/certificates/:code` (public): whether a certificate is genuine and still holds. */
export default function VerifyCertificatePage() {
  const { code = '' } = useParams();
  const { t } = useI18n();
  const verify = useVerifyCertificate(code);
  const cert = verify.data;
  const unknown = isUnknownCode(verify.error);
  // A certificate its holder removed (closed the account) has no name to show.
  const named = cert && cert.status !== 'removed';
  useDocumentMeta(
    named
      ? t('cert.verify.metaTitle', { course: cert.courseTitle, name: cert.learnerName })
      : cert
        ? t('cert.verify.removed')
        : unknown
          ? t('cert.verify.notFound')
          : t('cert.verify.title'),
    named ? t('cert.verify.metaDescription', { course: cert.courseTitle, name: cert.learnerName }) : null,
  );

  let body;
  if (verify.isPending) body = <PageLoading label={t('cert.verify.checking')} />;
  else if (unknown)
    body = (
      <>
        <Badge tone="slate" icon={CROSS} text={t('cert.verify.notFound')} />
        <p className="mt-4 text-slate-700">{t('cert.verify.notFoundLead', { code })}</p>
      </>
    );
  else if (verify.isError) body = <LoadError error={verify.error} onRetry={() => void verify.refetch()} />;
  else body = <Verified cert={verify.data} />;

  return (
    <PageColumn>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('cert.verify.title')}</h1>
      <div className="mt-6">{body}</div>
    </PageColumn>
  );
}

function Verified({ cert }: { cert: CertificateVerification }) {
  const { t, date } = useI18n();
  const valid = cert.status === 'valid';
  const removed = cert.status === 'removed';
  return (
    <>
      {valid ? (
        <Badge tone="green" icon={CHECK} text={t('cert.verify.valid')} />
      ) : removed ? (
        <>
          <Badge tone="slate" icon={CROSS} text={t('cert.verify.removed')} />
          <p className="mt-4 text-slate-700">{t('cert.verify.removedLead')}</p>
        </>
      ) : (
        <Badge
          tone="red"
          icon={CROSS}
          text={
            cert.revokedAt
              ? t('cert.verify.revokedOn', { date: date(cert.revokedAt) })
              : t('cert.verify.revoked')
          }
        />
      )}
      <SignatureStatus check={cert.credential} />
      <dl className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white px-5 shadow-sm">
        <Row label={t('cert.verify.learner')}>
          {removed ? (
            <span className="font-normal text-slate-600">{t('cert.verify.removedName')}</span>
          ) : (
            cert.learnerName
          )}
        </Row>
        <Row label={t('cert.verify.course')}>
          <Link to={`/courses/${encodeURIComponent(cert.courseSlug)}`} className={textLink}>
            {cert.courseTitle}
          </Link>
        </Row>
        <Row label={t('cert.issuedOn')}>{date(cert.issuedAt)}</Row>
        <Row label={t('cert.code')}>
          <span className="font-mono">{cert.code}</span>
        </Row>
      </dl>
      <p className="mt-4 text-sm text-slate-600">{t('cert.verify.about')}</p>
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 py-3 sm:flex-row sm:gap-4">
      <dt className="text-sm text-slate-600 sm:w-40 sm:shrink-0">{label}</dt>
      <dd className="font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

function Badge({ tone, icon, text }: { tone: 'green' | 'red' | 'slate'; icon: string; text: string }) {
  const styles = {
    green: 'border-emerald-300 bg-emerald-50 text-emerald-900',
    red: 'border-red-300 bg-red-50 text-red-900',
    slate: 'border-slate-300 bg-slate-100 text-slate-900',
  };
  return (
    <p
      role="status"
      className={`inline-flex items-center gap-2 rounded-full border px-4 py-2 text-base font-semibold ${styles[tone]}`}
    >
      <LineIcon d={icon} />
      {text}
    </p>
  );
}
