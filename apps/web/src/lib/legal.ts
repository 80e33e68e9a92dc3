import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { useLoggedIn } from './use-session';

export const legalStatusKey = ['legal-status'] as const;

/**
 * The terms and privacy notice in effect that the signed-in learner has not accepted yet (a first social or
 * partner sign-in, or a new version since their last visit). Asked once a visit: a new version asks at the next.
 */
export function useLegalStatus() {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: legalStatusKey,
    queryFn: () => api('GET /api/users/legal-status', { auth: true }),
    enabled: loggedIn,
    staleTime: Infinity,
  });
}

/** Pages a learner with documents to accept may still open: the gate itself, the texts, signing out. */
const OPEN_WHILE_PENDING = ['/accept-terms', '/terms', '/privacy', '/logout'];
export const openWhilePending = (pathname: string) => OPEN_WHILE_PENDING.includes(pathname);
