import type { CourseOutline } from '@rianroo/contract';
import { courseOutlinePath } from '@rianroo/contract/paths';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { takePageData } from '../../../lib/page-data';

export const getOutline = (slug: string) => api('GET /api/courses/:slug', { params: { slug } });

/** The public outline; the first may come with the page (the server drew the course page before any script). */
export const useOutline = (slug: string) =>
  useQuery({
    queryKey: ['outline', slug],
    queryFn: () => getOutline(slug),
    initialData: () => takePageData<CourseOutline>(courseOutlinePath(slug)),
    staleTime: 60_000,
  });
