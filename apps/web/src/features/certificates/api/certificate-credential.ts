import {
  certificateBadgePath,
  certificateCredentialPath,
  CREDENTIAL_BADGE_TYPE,
  type CertificateCredential,
} from '@rianroo/contract';
import { call } from '../../../lib/session';

/** `GET /certificates/{code}/credential`: my certificate's signed Open Badges credential (owner only). */
export const getCertificateCredential = (code: string) =>
  call<CertificateCredential>(certificateCredentialPath(encodeURIComponent(code)), { auth: true });

/** `GET /certificates/{code}/badge.png`: my certificate's PNG badge, the credential baked in (owner only). */
export async function getCertificateBadge(code: string): Promise<Blob> {
  const blob = await call<Blob>(certificateBadgePath(encodeURIComponent(code)), { auth: true, as: 'blob' });
  return blob.type === CREDENTIAL_BADGE_TYPE ? blob : new Blob([blob], { type: CREDENTIAL_BADGE_TYPE });
}
