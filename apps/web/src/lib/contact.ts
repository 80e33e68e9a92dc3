import type { ContactGuardAnswer } from '@rianroo/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from './session';
import { useLoggedIn } from './use-session';

export const contactGuardKey = ['contact-guard'] as const;

/** Whether the learner must give contact details (GET /users/contact-guard), and the ones given. */
export function useContactGuard() {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: contactGuardKey,
    queryFn: () => call<ContactGuardAnswer>('/users/contact-guard', { auth: true }),
    enabled: loggedIn,
    staleTime: 5 * 60_000,
  });
}
