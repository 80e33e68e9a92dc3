import { call } from '../../../lib/session';

/** Every console call: authenticated, under /api/admin. */
export function adminCall<T>(path: string, opts: { method?: string; body?: unknown } = {}): Promise<T> {
  return call<T>(`/admin${path}`, { ...opts, auth: true });
}

/** The query keys of the console start with this, so a write can refresh every list at once. */
export const adminKey = ['admin'] as const;
