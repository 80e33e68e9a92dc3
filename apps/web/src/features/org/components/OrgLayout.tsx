import type { ManagedOrganization } from '@rianroo/contract';
import { useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { LineIcon } from '../../../components/ui/Icon';
import { useOrgI18n } from '../i18n/use-org-i18n';
import { orgNav, orgPath } from '../nav';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-3 focus-visible:outline-teal-600 ${isActive ? 'bg-teal-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`;

function NavList({ orgId, onPick }: { orgId: string; onPick?: () => void }) {
  const { t } = useOrgI18n();
  return (
    <ul className="flex flex-col gap-1">
      {orgNav.map((item) => (
        <li key={item.path}>
          <NavLink
            to={orgPath(orgId, item.path)}
            end={item.path === ''}
            className={linkClass}
            onClick={onPick}
          >
            {t(item.label)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** The console's frame: the organisation's name, a side nav on wide screens and a menu button on narrow ones. */
export function OrgLayout({
  org,
  several,
  children,
}: {
  org: ManagedOrganization;
  several: boolean;
  children: ReactNode;
}) {
  const { t } = useOrgI18n();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const current = orgNav.find((i) => i.path && pathname.startsWith(orgPath(org.id, i.path))) ?? orgNav[0]!;
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-4 px-4 py-6 lg:flex-row lg:gap-8">
      <aside className="lg:w-56 lg:shrink-0">
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('org.title')}</p>
        <p className="mb-2 font-semibold wrap-anywhere text-slate-900">{org.name}</p>
        {several && (
          <Link to="/org" className="mb-3 inline-block text-sm text-teal-800 underline">
            {t('org.switch')}
          </Link>
        )}
        <nav aria-label={t('org.nav.label')} className="hidden lg:block">
          <NavList orgId={org.id} />
        </nav>
        <div className="lg:hidden">
          <button
            type="button"
            aria-expanded={open}
            aria-controls="org-mobile-nav"
            onClick={() => setOpen((o) => !o)}
            className="flex min-h-11 w-full items-center justify-between rounded-lg border border-slate-300 bg-white px-3 text-left text-sm font-medium focus-visible:outline-3 focus-visible:outline-teal-600"
          >
            <span>
              <span className="sr-only">{t('org.nav.open')}: </span>
              {t(current.label)}
            </span>
            <LineIcon d="M4 7h16M4 12h16M4 17h16" className="h-5 w-5" />
          </button>
          {open && (
            <nav id="org-mobile-nav" aria-label={t('org.nav.label')} className="mt-2">
              <NavList orgId={org.id} onPick={() => setOpen(false)} />
            </nav>
          )}
        </div>
      </aside>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
