import type { CourseOutline } from '@rianroo/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/session';

export const getOutline = (slug: string) => call<CourseOutline>(`/courses/${encodeURIComponent(slug)}`);
export const useOutline = (slug: string) =>
  useQuery({ queryKey: ['outline', slug], queryFn: () => getOutline(slug) });
