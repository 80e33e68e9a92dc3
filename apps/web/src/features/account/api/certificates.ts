import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `GET /users/certificates`: every certificate issued to me. */
export const getMyCertificates = () => api('GET /api/users/certificates', { auth: true });
export const useMyCertificates = () =>
  useQuery({ queryKey: ['my-certificates'], queryFn: getMyCertificates });
