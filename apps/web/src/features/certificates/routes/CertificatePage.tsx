import type { CourseCompletion, CourseSummary } from '@rianroo/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { primaryLink, secondaryLink, textLink } from '../../../components/ui/link-styles';
import { PageLoading } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api-error';
import { useI18n } from '../../../lib/i18n';
import { useObjectUrl } from '../../../lib/use-object-url';
import { useCertificatePdf } from '../api/certificate-pdf';
import { useCompletion } from '../api/completion';
import { CertificateActions } from '../components/CertificateActions';
import { CertificateNotice } from '../components/CertificateNotice';
import { CourseGate } from '../../../components/CourseGate';
import { LoadError, PageColumn } from '../components/PageParts';
import { WhatIsLeft } from '../components/WhatIsLeft';

const codeOf = (err: unknown) => (err instanceof ApiError ? err.code : undefined);

/** `/library/course/:slug/certificate`: my certificate of a course, with its download and sharing. */
export default function CertificatePage() {
  const { t } = useI18n();
  return (
    <CourseGate title={t('cert.page.title')}>
      {(course) => (
        <PageColumn wide>
          <Link
            to={`/library/course/${encodeURIComponent(course.slug)}/completed`}
            className={`${textLink} text-sm`}
          >
            ← {t('cert.page.back')}
          </Link>
          <h1 className="mt-3 text-2xl font-bold text-slate-900 sm:text-3xl">{t('cert.page.title')}</h1>
          <p className="mt-1 text-lg text-slate-700">{course.title}</p>
          <CertificateBody course={course} />
        </PageColumn>
      )}
    </CourseGate>
  );
}

function CertificateBody({ course }: { course: CourseSummary }) {
  const { t } = useI18n();
  const completion = useCompletion(course.id);
  if (completion.isPending) return <PageLoading label={t('common.loading')} />;
  if (completion.isError)
    return <LoadError error={completion.error} onRetry={() => void completion.refetch()} />;
  return <CertificateState course={course} completion={completion.data} />;
}

function CertificateState({ course, completion }: { course: CourseSummary; completion: CourseCompletion }) {
  const { t, date } = useI18n();
  const base = `/library/course/${encodeURIComponent(course.slug)}`;
  const issued = completion.certificate;
  const ready = !issued?.revokedAt && (completion.certificateAvailable || !!issued);
  const pdf = useCertificatePdf(course.id, ready);
  const url = useObjectUrl(pdf.data);
  const { refetch } = useCompletion(course.id);
  // The first download issues the certificate: its code and date come from the completion asked again.
  const [recheck, setRecheck] = useState<'idle' | 'asking' | 'done'>('idle');
  useEffect(() => {
    if (!pdf.isSuccess || issued || recheck !== 'idle') return;
    setRecheck('asking');
    void refetch().finally(() => setRecheck('done'));
  }, [pdf.isSuccess, issued, recheck, refetch]);
  const failure = codeOf(pdf.error);

  if (issued?.revokedAt || failure === 'CERTIFICATE_REVOKED')
    return (
      <CertificateNotice id="cert-revoked" title={t('cert.page.revoked')} tone="red">
        <p>
          {issued?.revokedAt
            ? t('cert.page.revokedOn', { date: date(issued.revokedAt) })
            : t('cert.page.revokedLead')}
        </p>
      </CertificateNotice>
    );
  if (!completion.certificateEnabled)
    return (
      <CertificateNotice id="cert-none" title={t('cert.page.noneTitle')}>
        <p>{t('cert.page.noneLead')}</p>
      </CertificateNotice>
    );
  if (!completion.completed || failure === 'COURSE_NOT_COMPLETED')
    return (
      <>
        <CertificateNotice id="cert-not-yet" title={t('cert.page.notYet')}>
          <p>{t('cert.left.lead')}</p>
        </CertificateNotice>
        <WhatIsLeft completion={completion} slug={course.slug} />
      </>
    );
  if (!ready || failure === 'EVALUATION_REQUIRED')
    return (
      <CertificateNotice id="cert-evaluate" title={t('cert.page.evaluateFirst')}>
        <p>{t('cert.eval.requiredLead')}</p>
        <Link to={`${base}/evaluation`} className={`${primaryLink} mt-4`}>
          {t('cert.eval.start')}
        </Link>
      </CertificateNotice>
    );
  if (pdf.isError) return <LoadError error={pdf.error} onRetry={() => void pdf.refetch()} />;
  if (!issued && recheck === 'done') return <LoadError error={null} onRetry={() => setRecheck('idle')} />;
  if (!url || !issued) return <PageLoading label={t('cert.page.preparing')} />;
  return (
    <>
      <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
        <div className="flex gap-1">
          <dt>{t('cert.code')}:</dt>
          <dd className="font-mono font-medium text-slate-900">{issued.code}</dd>
        </div>
        <div className="flex gap-1">
          <dt>{t('cert.issuedOn')}:</dt>
          <dd className="font-medium text-slate-900">{date(issued.issuedAt)}</dd>
        </div>
      </dl>
      <CertificateActions certificate={issued} pdfUrl={url} />
      <iframe
        src={url}
        title={`${t('cert.page.viewer')}: ${course.title}`}
        className="mt-6 h-[70vh] min-h-[360px] w-full rounded-xl border border-slate-200 bg-slate-100"
      />
      <p className="mt-2 text-sm text-slate-600">
        {t('cert.page.hint')}{' '}
        <a href={url} target="_blank" rel="noopener" className={textLink}>
          {t('summary.open')}
        </a>
      </p>
      <Link to={`/certificates/${encodeURIComponent(issued.code)}`} className={`${secondaryLink} mt-4`}>
        {t('cert.page.publicPage')}
      </Link>
    </>
  );
}
