import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/Card';
import { Button } from '../../components/ui/Button';
import { PageLoading } from '../../components/ui/Spinner';
import { useErrorText } from '../../lib/forms';
import { loginRedirectFor } from '../../lib/protected-paths';
import { useLoggedIn, useMe } from '../../lib/use-session';
import { AdminLayout } from './components/AdminLayout';
import { AdminOnly } from './components/AdminOnly';
import { useAdminI18n } from './i18n';
import { AdminRoutes } from './routes/AdminRoutes';

/**
 * /admin/*: signed out → the login page, coming back here after; signed in but not an administrator → a page
 * that says so. The server refuses every /api/admin call to non-administrators anyway (403).
 */
export default function AdminApp() {
  const loggedIn = useLoggedIn();
  const me = useMe();
  const { t, siteT } = useAdminI18n();
  const errorText = useErrorText();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  // While the login page loads this page stays on screen with the new location: redirect only from /admin.
  const away = !loggedIn && pathname.startsWith('/admin');
  useEffect(() => {
    if (away) navigate(loginRedirectFor(pathname, search), { replace: true });
  }, [away, pathname, search, navigate]);

  if (!loggedIn) return null;
  if (me.isPending) return <PageLoading label={siteT('common.loading')} />;
  if (me.isError)
    return (
      <div className="mx-auto max-w-xl px-4 py-12">
        <Alert>
          <span className="mr-3">{errorText(me.error)}</span>
          <Button variant="secondary" onClick={() => void me.refetch()}>
            {t('admin.table.retry')}
          </Button>
        </Alert>
      </div>
    );
  if (me.data.role !== 'admin') return <AdminOnly />;
  return (
    <AdminLayout>
      <AdminRoutes />
    </AdminLayout>
  );
}
