import type { CourseOutline } from '@rianroo/contract';
import { courseOutlinePath } from '@rianroo/contract/paths';
import { useQuery } from '@tanstack/react-query';
import { takePageData } from '../../../lib/page-data';
import { call } from '../../../lib/session';

export const getOutline = (slug: string) => call<CourseOutline>(courseOutlinePath(slug));

/** The public outline; the first may come with the page (the server drew the course page before any script). */
export const useOutline = (slug: string) =>
  useQuery({
    queryKey: ['outline', slug],
    queryFn: () => getOutline(slug),
    initialData: () => takePageData<CourseOutline>(courseOutlinePath(slug)),
    staleTime: 60_000,
  });
