import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-error';
import { api } from '../../../lib/api';

/** `GET /certificates/verify/{code}` (public, no token): what the certificate says and whether it holds. */
export const verifyCertificate = (code: string) =>
  api('GET /api/certificates/verify/:code', { params: { code } });

/** An unknown code (404) or one that cannot be a code at all (400): nothing to verify. */
export const isUnknownCode = (err: unknown) =>
  err instanceof ApiError && (err.status === 404 || err.status === 400);

export const useVerifyCertificate = (code: string) =>
  useQuery({ queryKey: ['certificate-verify', code], queryFn: () => verifyCertificate(code) });
