import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/**
 * The organisations the signed-in user manages (none for most learners): the header shows the console's link
 * from it, and the console picks from it. One query key for both, so it is asked once.
 */
export const useManagedOrganizations = (enabled = true) =>
  useQuery({
    queryKey: ['org', 'managed'],
    queryFn: () => api('GET /api/users/managed-organizations', { auth: true }),
    enabled,
    staleTime: 60_000,
  });
