import { certificateFilename, type Certificate } from '@rianroo/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { primaryLink, secondaryLink } from '../../../components/ui/link-styles';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useEmailCertificate } from '../api/email-certificate';
import { copyText, linkedInAddUrl, verifyUrlOf } from '../lib/share';
import { CredentialDownloads } from './CredentialDownloads';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * What a learner does with a certificate: download, e-mail, share the verification link, add to LinkedIn, and take
 * it as a signed Open Badges credential (JSON or PNG badge).
 */
export function CertificateActions({ certificate, pdfUrl }: { certificate: Certificate; pdfUrl: string }) {
  const { t } = useI18n();
  const toast = useToast();
  const errorText = useErrorText();
  const email = useEmailCertificate(certificate.courseId, {
    sent: (answer) => toast(t('cert.actions.emailed', { to: answer.to }), 'success', 4000),
    failed: (err) => toast(errorText(err), 'error', 4000),
  });
  const [copy, setCopy] = useState<CopyState>('idle');
  const verifyUrl = verifyUrlOf(certificate.code);

  const send = () => email.mutate();
  const copyLink = async () => setCopy((await copyText(verifyUrl)) ? 'copied' : 'failed');

  return (
    <div className="mt-6">
      <div className="flex flex-wrap gap-3">
        <a href={pdfUrl} download={certificateFilename(certificate.code)} className={primaryLink}>
          {t('cert.actions.download')}
        </a>
        <Button variant="secondary" busy={email.isPending} onClick={send}>
          {t('cert.actions.email')}
        </Button>
        <Button variant="secondary" onClick={() => void copyLink()}>
          {t('cert.actions.copy')}
        </Button>
        <a
          href={linkedInAddUrl(certificate, verifyUrl)}
          target="_blank"
          rel="noopener noreferrer"
          className={secondaryLink}
        >
          {t('cert.actions.linkedin')}
          <span className="sr-only"> ({t('cert.actions.newTab')})</span>
        </a>
      </div>
      <div role="status" className="mt-3 text-sm">
        {copy === 'copied' && <p className="font-medium text-emerald-800">{t('cert.actions.copied')}</p>}
        {copy === 'failed' && <p className="text-slate-800">{t('cert.actions.copyFailed')}</p>}
      </div>
      {copy === 'failed' && (
        <label className="mt-1 flex flex-col gap-1 text-sm text-slate-800">
          {t('cert.actions.verifyLink')}
          <input
            readOnly
            value={verifyUrl}
            onFocus={(e) => e.currentTarget.select()}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:outline-3 focus:outline-teal-600"
          />
        </label>
      )}
      <CredentialDownloads code={certificate.code} />
    </div>
  );
}
