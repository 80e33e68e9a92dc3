import { useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { LineIcon } from '../../../components/ui/Icon';
import { useAdminI18n } from '../i18n';
import { adminNav, adminPath } from '../nav';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-3 focus-visible:outline-teal-600 ${isActive ? 'bg-teal-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`;

function NavList({ onPick }: { onPick?: () => void }) {
  const { t } = useAdminI18n();
  return (
    <ul className="flex flex-col gap-1">
      {adminNav.map((item) => (
        <li key={item.path}>
          {/* NavLink marks the current section with aria-current="page". */}
          <NavLink to={adminPath(item.path)} end={item.path === ''} className={linkClass} onClick={onPick}>
            {t(item.label)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** The console's frame: a side nav on wide screens, a menu button on narrow ones. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useAdminI18n();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const current = adminNav.find((i) => i.path && pathname.startsWith(adminPath(i.path))) ?? adminNav[0]!;
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-4 px-4 py-6 lg:flex-row lg:gap-8">
      <aside className="lg:w-56 lg:shrink-0">
        <p className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          {t('admin.title')}
        </p>
        <nav aria-label={t('admin.nav.label')} className="hidden lg:block">
          <NavList />
        </nav>
        <div className="lg:hidden">
          <button
            type="button"
            aria-expanded={open}
            aria-controls="admin-mobile-nav"
            onClick={() => setOpen((o) => !o)}
            className="flex min-h-11 w-full items-center justify-between rounded-lg border border-slate-300 bg-white px-3 text-left text-sm font-medium focus-visible:outline-3 focus-visible:outline-teal-600"
          >
            <span>
              <span className="sr-only">{t('admin.nav.open')}: </span>
              {t(current.label)}
            </span>
            <LineIcon d="M4 7h16M4 12h16M4 17h16" className="h-5 w-5" />
          </button>
          {open && (
            <nav id="admin-mobile-nav" aria-label={t('admin.nav.label')} className="mt-2">
              <NavList onPick={() => setOpen(false)} />
            </nav>
          )}
        </div>
      </aside>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
