import type { CourseSummary } from '@rianroo/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/session';

export type LastWatched = {
  course: CourseSummary;
  episode: { id: string; title: string };
  last_second: number;
} | null;

export const getLastWatched = () => call<LastWatched>('/users/last-watched-episode', { auth: true });
export const useLastWatched = () => useQuery({ queryKey: ['last-watched'], queryFn: getLastWatched });
