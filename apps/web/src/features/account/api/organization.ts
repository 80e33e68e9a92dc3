import type { MyOrganizationAnswer } from '@rianroo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/session';

const key = ['my-organization'] as const;

export function useMyOrganization() {
  return useQuery({
    queryKey: key,
    queryFn: () => call<MyOrganizationAnswer>('/users/organization', { auth: true }),
  });
}

export function useJoinOrganization() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      call<MyOrganizationAnswer>('/organizations/join', { body: { code }, auth: true }),
    onSuccess: (answer) => {
      qc.setQueryData(key, answer);
      // Its courses open and it may ask for contact details: what every page knows changes.
      void qc.invalidateQueries();
    },
  });
}
