import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { useLoggedIn } from './use-session';

export const contactGuardKey = ['contact-guard'] as const;

/** Whether the learner must give contact details (GET /users/contact-guard), and the ones given. */
export function useContactGuard() {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: contactGuardKey,
    queryFn: () => api('GET /api/users/contact-guard', { auth: true }),
    enabled: loggedIn,
    staleTime: 5 * 60_000,
  });
}
