import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `GET /my-subscription/expired`: my ended subscriptions, newest first (spec: a failure answers nothing). */
export const useExpiredSubscriptions = () =>
  useQuery({
    queryKey: ['my-subscription', 'expired'],
    queryFn: () => api('GET /api/my-subscription/expired', { auth: true }).catch(() => []),
  });
