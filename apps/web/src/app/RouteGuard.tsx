import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isProtectedPath, loginRedirectFor } from '../lib/protected-paths';
import { useLoggedIn } from '../lib/use-session';

/**
 * Spec section 2: an anonymous visitor of a protected path sees a blank page and is redirected to /login
 * (or /register under /free-trial/) with the original path in `redirect`.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const loggedIn = useLoggedIn();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const blocked = !loggedIn && isProtectedPath(pathname);
  useEffect(() => {
    if (blocked) navigate(loginRedirectFor(pathname, search), { replace: true });
  }, [blocked, pathname, search, navigate]);
  return blocked ? null : <>{children}</>;
}
