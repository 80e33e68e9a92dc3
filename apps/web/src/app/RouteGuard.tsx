import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageLoading } from '../components/ui/Spinner';
import { useI18n } from '../lib/i18n';
import { openWhilePending, useLegalStatus } from '../lib/legal';
import { isProtectedPath, loginRedirectFor } from '../lib/protected-paths';
import { useLoggedIn } from '../lib/use-session';

/**
 * Spec section 2: an anonymous visitor of a protected path sees a blank page and is redirected to /login
 * (or /register under /free-trial/) with the original path in `redirect`.
 * PDPA: a signed-in learner with terms or a privacy notice in effect not yet accepted (a first social or partner
 * sign-in, a new version) sees the gate /accept-terms before any other page, and comes back to it after. Until
 * the answer is known no page is drawn (nothing of it runs: a page may act when it opens), except the one the
 * learner has just signed in on, kept hidden so that it finishes its work (a sign-up goes on to its next page).
 * When the answer cannot be had, the page opens: the gate asks, it grants nothing.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const loggedIn = useLoggedIn();
  const legal = useLegalStatus();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const blocked = !loggedIn && isProtectedPath(pathname);
  const gated = loggedIn && !openWhilePending(pathname);
  const mustAccept = gated && !!legal.data?.pending.length;
  const waiting = gated && legal.isPending;
  // The page last drawn for a signed-out visitor (a sign-in or sign-up form).
  const signedOutAt = useRef<string | null>(null);
  if (!loggedIn) signedOutAt.current = pathname;
  useEffect(() => {
    if (blocked) navigate(loginRedirectFor(pathname, search), { replace: true });
    else if (mustAccept)
      navigate(`/accept-terms?redirect=${encodeURIComponent(pathname + search)}`, { replace: true });
  }, [blocked, mustAccept, pathname, search, navigate]);
  if (blocked || mustAccept) return null;
  if (waiting && signedOutAt.current !== pathname) return <PageLoading label={t('common.loading')} />;
  return (
    <>
      {waiting && <PageLoading label={t('common.loading')} />}
      <div style={{ display: waiting ? 'none' : 'contents' }}>{children}</div>
    </>
  );
}
