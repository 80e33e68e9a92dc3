import type { myCourse } from '@rianroo/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../lib/session';

export type MyCourse = z.infer<typeof myCourse>;

export const getMyCourses = () => call<MyCourse[]>('/users/my-course', { auth: true });
export const useMyCourses = () => useQuery({ queryKey: ['my-course'], queryFn: getMyCourses });
