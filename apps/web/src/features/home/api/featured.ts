import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The newest published courses, for the home page (public). */
export const getFeatured = () => api('GET /api/courses', { query: { limit: 3 } });
export const useFeatured = () =>
  useQuery({ queryKey: ['featured'], queryFn: getFeatured, staleTime: 60_000 });
