/** Spec section 2: any path containing one of these is protected. */
export const PROTECTED_SEGMENTS = [
  '/library',
  '/account',
  '/product',
  '/summary-document',
  '/communication-page',
  '/guard-contact',
  '/free-trial',
  '/renewal',
] as const;

export const isProtectedPath = (pathname: string) => PROTECTED_SEGMENTS.some((s) => pathname.includes(s));

/**
 * Where an anonymous visitor of a protected path is sent: /login with the original path (and its query) in
 * `redirect`; paths under /free-trial/ go to /register instead.
 */
export function loginRedirectFor(pathname: string, search = ''): string {
  const target = pathname.includes('/free-trial/') ? '/register' : '/login';
  return `${target}?redirect=${encodeURIComponent(pathname + search)}`;
}

/** Only same-site paths are followed after login: "/x", never "//host", "/\\host" or "https://…". */
export function safeRedirect(value: string | null | undefined, fallback = '/library'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  try {
    const url = new URL(value, 'https://same.site');
    return url.origin === 'https://same.site' ? value : fallback;
  } catch {
    return fallback;
  }
}
