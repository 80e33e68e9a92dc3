import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const consentsKey = ['consents'] as const;

/** My consents now and their history, newest first (GET /users/consents). */
export const useConsents = () =>
  useQuery({ queryKey: consentsKey, queryFn: () => api('GET /api/users/consents', { auth: true }) });
