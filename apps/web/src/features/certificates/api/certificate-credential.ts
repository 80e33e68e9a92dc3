import { CREDENTIAL_BADGE_TYPE } from '@rianroo/contract';
import { api, apiBlob } from '../../../lib/api';

/** `GET /certificates/{code}/credential`: my certificate's signed Open Badges credential (owner only). */
export const getCertificateCredential = (code: string) =>
  api('GET /api/certificates/:code/credential', { params: { code }, auth: true });

/** `GET /certificates/{code}/badge.png`: my certificate's PNG badge, the credential baked in (owner only). */
export async function getCertificateBadge(code: string): Promise<Blob> {
  const blob = await apiBlob('GET /api/certificates/:code/badge.png', { params: { code }, auth: true });
  return blob.type === CREDENTIAL_BADGE_TYPE ? blob : new Blob([blob], { type: CREDENTIAL_BADGE_TYPE });
}
