import type { Subscription } from '@rianroo/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/session';

/** `GET /my-subscription/expired`: my ended subscriptions, newest first (spec: a failure answers nothing). */
export const useExpiredSubscriptions = () =>
  useQuery({
    queryKey: ['my-subscription', 'expired'],
    queryFn: () => call<Subscription[]>('/my-subscription/expired', { auth: true }).catch(() => []),
  });
