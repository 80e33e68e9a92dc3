import { SUMMARY_PDF_TYPE } from '@rianroo/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api';

/** `GET /course/pdf/{courseId}`: the course's summary document as a PDF blob (403 NO_ACCESS when locked). */
export async function getSummaryPdf(courseId: string): Promise<Blob> {
  const blob = await apiBlob('GET /api/course/pdf/:courseId', { params: { courseId }, auth: true });
  // The viewer and the download need the type on the blob itself.
  return blob.type === SUMMARY_PDF_TYPE ? blob : new Blob([blob], { type: SUMMARY_PDF_TYPE });
}

export const summaryPdfQuery = (courseId: string) =>
  queryOptions({
    queryKey: ['summary-pdf', courseId],
    queryFn: () => getSummaryPdf(courseId),
    // Access can end (a subscription expires): ask again on the next visit, not while the page is open.
    staleTime: Infinity,
    gcTime: 0,
  });

export const useSummaryPdf = (courseId: string | undefined) =>
  useQuery({ ...summaryPdfQuery(courseId ?? ''), enabled: !!courseId });
