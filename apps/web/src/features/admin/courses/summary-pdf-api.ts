import { SUMMARY_PDF_TYPE, type AdminSummaryPdf } from '@rianroo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiBlob } from '../../../lib/api';
import { adminKey } from '../lib/admin-api';

/** A course's attached summary PDF in the console: what is attached, attach or replace, remove, download. */
const summaryKey = (courseId: string) => [...adminKey, 'summary-pdf', courseId] as const;

export const useSummaryPdf = (courseId: string) =>
  useQuery({
    queryKey: summaryKey(courseId),
    queryFn: () => api('GET /api/admin/courses/:id/summary-pdf', { params: { id: courseId }, auth: true }),
  });

function useSummaryWrite<V>(courseId: string, fn: (v: V) => Promise<AdminSummaryPdf>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (state) => qc.setQueryData(summaryKey(courseId), state),
    onError: () => qc.invalidateQueries({ queryKey: summaryKey(courseId) }),
  });
}

/** Sends the file's bytes as the body, named by its own name; the server checks that it is a PDF. */
export const useAttachSummaryPdf = (courseId: string) =>
  useSummaryWrite(courseId, (file: File) =>
    api(
      'PUT /api/admin/courses/:id/summary-pdf',
      { params: { id: courseId }, query: { fileName: file.name }, auth: true },
      { raw: { data: file, type: SUMMARY_PDF_TYPE } },
    ),
  );

export const useRemoveSummaryPdf = (courseId: string) =>
  useSummaryWrite(courseId, () =>
    api('DELETE /api/admin/courses/:id/summary-pdf', { params: { id: courseId }, auth: true }),
  );

/** Saves the attached file under its own name. */
export async function downloadSummaryPdf(courseId: string, fileName: string) {
  const blob = await apiBlob('GET /api/admin/courses/:id/summary-pdf/file', {
    params: { id: courseId },
    auth: true,
  });
  const url = URL.createObjectURL(blob.type ? blob : new Blob([blob], { type: SUMMARY_PDF_TYPE }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
