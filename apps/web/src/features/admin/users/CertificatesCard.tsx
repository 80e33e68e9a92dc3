import type { AdminCertificate, AdminUserDetail } from '@rianroo/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/Card';
import { textLink } from '../../../components/ui/link-styles';
import { ConfirmButton } from '../components/ConfirmButton';
import { useAdminI18n } from '../i18n';
import { useAdminWrite } from '../lib/use-admin-write';
import { useRevokeCertificate } from './users-api';

function RevokeButton({ cert }: { cert: AdminCertificate }) {
  const { t } = useAdminI18n();
  const id = useId();
  const [reason, setReason] = useState('');
  const revoke = useRevokeCertificate();
  const write = useAdminWrite();
  return (
    <ConfirmButton
      label={t('admin.user.revoke')}
      accessibleLabel={t('admin.user.revokeOf', { code: cert.code })}
      title={t('admin.user.revokeOf', { code: cert.code })}
      canConfirm={reason.trim().length >= 3}
      onConfirm={() =>
        write(
          revoke.mutateAsync({ certificateId: cert.id, reason: reason.trim() }),
          t('admin.user.certificateRevoked'),
        )
      }
    >
      <label htmlFor={id} className="mt-3 block text-sm font-medium text-slate-800">
        {t('admin.user.reason')}
      </label>
      <textarea
        id={id}
        value={reason}
        maxLength={500}
        onChange={(e) => setReason(e.target.value)}
        className="mt-1 min-h-24 w-full rounded-lg border border-slate-300 px-3 py-2 focus:outline-3 focus:outline-teal-600"
      />
    </ConfirmButton>
  );
}

export function CertificatesCard({ user }: { user: AdminUserDetail }) {
  const { t, date } = useAdminI18n();
  return (
    <Card title={t('admin.user.certificates')}>
      {user.certificates.length === 0 ? (
        <p className="text-slate-600">{t('admin.user.noCertificates')}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {user.certificates.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
              <div>
                <p className="font-medium">{c.courseTitle}</p>
                <p className="text-slate-600">
                  <Link to={`/certificates/${c.code}`} className={textLink}>
                    {c.code}
                  </Link>{' '}
                  · {t('admin.user.issued')} {date(c.issuedAt, false)}
                </p>
                {c.revokedAt && (
                  <p className="text-red-800">{t('admin.user.revoked', { reason: c.revokeReason ?? '' })}</p>
                )}
              </div>
              {!c.revokedAt && <RevokeButton cert={c} />}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
