import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const key = ['my-organization'] as const;

export function useMyOrganization() {
  return useQuery({
    queryKey: key,
    queryFn: () => api('GET /api/users/organization', { auth: true }),
  });
}

export function useJoinOrganization() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api('POST /api/organizations/join', { body: { code }, auth: true }),
    onSuccess: (answer) => {
      qc.setQueryData(key, answer);
      // Its courses open and it may ask for contact details: what every page knows changes.
      void qc.invalidateQueries();
    },
  });
}
