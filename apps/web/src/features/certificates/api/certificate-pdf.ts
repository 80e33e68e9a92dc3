import { CERTIFICATE_PDF_TYPE } from '@rianroo/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api';

/** `GET /media/get-certificate/{courseId}`: my certificate as a PDF blob; the first call issues it. */
export async function getCertificatePdf(courseId: string): Promise<Blob> {
  const blob = await apiBlob('GET /api/media/get-certificate/:courseId', {
    params: { courseId },
    auth: true,
  });
  // The viewer and the download need the type on the blob itself.
  return blob.type === CERTIFICATE_PDF_TYPE ? blob : new Blob([blob], { type: CERTIFICATE_PDF_TYPE });
}

export const certificatePdfQuery = (courseId: string) =>
  queryOptions({
    queryKey: ['certificate-pdf', courseId],
    queryFn: () => getCertificatePdf(courseId),
    // A certificate can be revoked: ask again on the next visit, not while the page is open.
    staleTime: Infinity,
    gcTime: 0,
  });

export const useCertificatePdf = (courseId: string, enabled: boolean) =>
  useQuery({ ...certificatePdfQuery(courseId), enabled });
