import type { myCourse } from '@rianroo/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export type MyCourse = z.infer<typeof myCourse>;

export const getMyCourses = () => api('GET /api/users/my-course', { auth: true });
export const useMyCourses = () => useQuery({ queryKey: ['my-course'], queryFn: getMyCourses });
