import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoading } from '../components/ui/Spinner';
import { useContactGuard } from '../lib/contact';
import { useI18n } from '../lib/i18n';
import { useLoggedIn } from '../lib/use-session';

/**
 * The contact guard (PRODUCT.md section 8, decision 011) in front of the learner's learning pages (the router
 * lists them): a learner whose organisation or the platform asks for contact details gives them first, however
 * they arrive (the library, a bookmark of a course, a link in a mail), and comes back to where they were going.
 * Nothing of the page is drawn before the answer is known. When it cannot be had, the page opens: the guard is
 * a request for details, not what grants access to a course (the API decides that).
 */
export function ContactGuardRoute() {
  const { t } = useI18n();
  const loggedIn = useLoggedIn();
  const guard = useContactGuard();
  const { pathname, search } = useLocation();
  // Anonymous visitors are sent to the login by the route guard (spec section 2), before this is drawn.
  if (!loggedIn) return <Outlet />;
  if (guard.isPending) return <PageLoading label={t('common.loading')} />;
  if (guard.data?.required && !guard.data.contact)
    return <Navigate to={`/guard-contact?redirect=${encodeURIComponent(pathname + search)}`} replace />;
  return <Outlet />;
}
