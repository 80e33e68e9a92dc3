import type { CourseSummary } from '@rianroo/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/session';

export type MyCourse = CourseSummary & {
  courseFinishPercentage: number;
  lastWatchedEpisodeId: string | null;
  lastWatchedAt: string;
};

export const getMyCourses = () => call<MyCourse[]>('/users/my-course', { auth: true });
export const useMyCourses = () => useQuery({ queryKey: ['my-course'], queryFn: getMyCourses });
