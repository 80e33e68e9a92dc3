import type { Certificate } from '@rianroo/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/session';

/** `GET /users/certificates`: every certificate issued to me. */
export const getMyCertificates = () => call<Certificate[]>('/users/certificates', { auth: true });
export const useMyCertificates = () =>
  useQuery({ queryKey: ['my-certificates'], queryFn: getMyCertificates });
