import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const getLastWatched = () => api('GET /api/users/last-watched-episode', { auth: true });
export const useLastWatched = () => useQuery({ queryKey: ['last-watched'], queryFn: getLastWatched });
