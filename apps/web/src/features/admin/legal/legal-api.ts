import type { AdminLegalDocumentBody } from '@rianroo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKey } from '../lib/admin-api';

const key = [...adminKey, 'legal-documents'] as const;

export const useLegalDocuments = () =>
  useQuery({ queryKey: key, queryFn: () => api('GET /api/admin/legal-documents', { auth: true }) });

export function useCreateLegalDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminLegalDocumentBody) =>
      api('POST /api/admin/legal-documents', { body, auth: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKey }),
  });
}

export function useDeleteLegalDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('DELETE /api/admin/legal-documents/:id', { params: { id }, auth: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKey }),
  });
}
