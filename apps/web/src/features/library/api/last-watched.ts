import type { LastWatched } from '@rianroo/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/session';

export const getLastWatched = () => call<LastWatched>('/users/last-watched-episode', { auth: true });
export const useLastWatched = () => useQuery({ queryKey: ['last-watched'], queryFn: getLastWatched });
