import { DATA_EXPORT_TYPE, dataExportFilename, type LatestDataExport } from '@rianroo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiBlob } from '../../../lib/api';
import { saveBlob } from '../../../lib/tax-invoices';

const key = ['data-export'] as const;
/** While the ZIP is being built, asked again this often: the job takes seconds to a minute. */
const POLL_MS = 3000;

export const latestDataExport = () => api('GET /api/users/data-export', { auth: true });
export const useLatestDataExport = () =>
  useQuery({
    queryKey: key,
    queryFn: latestDataExport,
    refetchInterval: (q) => (q.state.data?.export?.status === 'pending' ? POLL_MS : false),
  });

export const askDataExport = () => api('POST /api/users/data-export', { auth: true });
export function useAskDataExport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: askDataExport,
    onSuccess: (created) => qc.setQueryData<LatestDataExport>(key, { export: created }),
  });
}

/** Saves my ready export as a file (the download needs my session: never a link that works alone). */
export async function downloadDataExport(id: string, readyAt: string) {
  const blob = await apiBlob('GET /api/users/data-export/:id/download', { params: { id }, auth: true });
  saveBlob(blob.type ? blob : new Blob([blob], { type: DATA_EXPORT_TYPE }), dataExportFilename(readyAt));
}
