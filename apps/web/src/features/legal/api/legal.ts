import type { LegalAcceptanceBody, LegalKind } from '@rianroo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { legalStatusKey } from '../../../lib/legal';

/** A document: the version in effect, or an earlier one by number; with the list of versions. */
export const useLegalDocument = (kind: LegalKind, version?: number) =>
  useQuery({
    queryKey: ['legal', kind, version ?? 'current'],
    queryFn: () => api('GET /api/legal/:kind', { params: { kind }, query: { version } }),
    staleTime: 5 * 60_000,
  });

/** Accepts the versions shown; the answer (nothing pending) opens the other pages again. */
export function useAcceptDocuments() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LegalAcceptanceBody) => api('POST /api/users/legal-acceptances', { body, auth: true }),
    onSuccess: (status) => qc.setQueryData(legalStatusKey, status),
    // A newer version took effect meanwhile: ask again what is pending.
    onError: () => qc.invalidateQueries({ queryKey: legalStatusKey }),
  });
}
