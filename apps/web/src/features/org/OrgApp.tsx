import { useEffect } from 'react';
import { Link, Navigate, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { RetryAlert } from '../../components/RetryAlert';
import { Card } from '../../components/ui/Card';
import { PageLoading } from '../../components/ui/Spinner';
import { loginRedirectFor } from '../../lib/protected-paths';
import { useLoggedIn } from '../../lib/use-session';
import { useManagedOrganizations } from './api/org-api';
import { OrgLayout } from './components/OrgLayout';
import { useOrgI18n } from './i18n/use-org-i18n';
import { orgPath } from './nav';
import { OrgRoutes } from './routes/OrgRoutes';

/**
 * /org/*: signed out → the login page, back here after; managing no organisation → a page that says so; one →
 * straight into it; several → a picker. The API refuses every /api/org call of anyone else anyway.
 */
export default function OrgApp() {
  const loggedIn = useLoggedIn();
  const { t, siteT } = useOrgI18n();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const managed = useManagedOrganizations(loggedIn);
  const away = !loggedIn && pathname.startsWith('/org');
  useEffect(() => {
    if (away) navigate(loginRedirectFor(pathname, search), { replace: true });
  }, [away, pathname, search, navigate]);

  if (!loggedIn) return null;
  if (managed.isPending) return <PageLoading label={siteT('common.loading')} />;
  if (managed.isError)
    return (
      <div className="mx-auto max-w-xl px-4 py-12">
        <RetryAlert error={managed.error} onRetry={() => void managed.refetch()} />
      </div>
    );
  const orgs = managed.data;
  if (!orgs.length)
    return (
      <div className="mx-auto max-w-xl px-4 py-12">
        <Card title={t('org.none.title')}>
          <p className="text-slate-700">{t('org.none.body')}</p>
        </Card>
      </div>
    );
  return (
    <Routes>
      <Route
        index
        element={
          orgs.length === 1 ? (
            <Navigate to={orgPath(orgs[0]!.id)} replace />
          ) : (
            <div className="mx-auto max-w-xl px-4 py-12">
              <Card title={t('org.pick.title')}>
                <ul className="flex flex-col gap-2">
                  {orgs.map((o) => (
                    <li key={o.id}>
                      <Link
                        to={orgPath(o.id)}
                        className="block min-h-11 rounded-lg border border-slate-200 px-4 py-3 font-medium wrap-anywhere text-teal-800 hover:bg-teal-50 focus-visible:outline-3 focus-visible:outline-teal-600"
                      >
                        {o.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              </Card>
            </div>
          )
        }
      />
      <Route path=":orgId/*" element={<ManagedOrg orgs={orgs} />} />
    </Routes>
  );
}

function ManagedOrg({ orgs }: { orgs: { id: string; name: string }[] }) {
  const { orgId = '' } = useParams();
  const org = orgs.find((o) => o.id === orgId.toLowerCase());
  // Not one of mine (an old link, another organisation's): back to the start, which picks or says so.
  if (!org) return <Navigate to="/org" replace />;
  return (
    <OrgLayout org={org} several={orgs.length > 1}>
      <OrgRoutes orgId={org.id} />
    </OrgLayout>
  );
}
