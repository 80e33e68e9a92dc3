import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { formatYear, useI18n, type Lang } from '../lib/i18n';
import { useLoggedIn, useMe } from '../lib/use-session';
import { useManagedOrganizations } from '../lib/managed-organizations';
import { LineIcon } from '../components/ui/Icon';
import { textLink } from '../components/ui/link-styles';
import { ClosureCancelledNotice } from '../components/ClosureCancelledNotice';

const AnnouncementBar = lazy(() => import('../features/site/components/AnnouncementBar'));

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-3 focus-visible:outline-teal-600 ${isActive ? 'bg-teal-50 text-teal-900' : 'text-slate-700 hover:bg-slate-100'}`;

export function LanguageSwitch() {
  const { lang, setLang, t } = useI18n();
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <span className="sr-only">{t('lang.label')}</span>
      <select
        value={lang}
        onChange={(e) => setLang(e.target.value as Lang)}
        className="min-h-11 rounded-md border border-slate-300 bg-white px-2 py-1 focus:outline-3 focus:outline-teal-600"
      >
        <option value="th">ไทย</option>
        <option value="en">English</option>
      </select>
    </label>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const { t, lang } = useI18n();
  const loggedIn = useLoggedIn();
  const [menuOpen, setMenuOpen] = useState(false);
  // The console's link shows only to administrators (the console itself checks again, and so does the API).
  const isAdmin = useMe().data?.role === 'admin';
  // The organisation console's link shows to those who manage one (the console and the API check again).
  const manages = (useManagedOrganizations(loggedIn).data?.length ?? 0) > 0;
  const links = [
    { to: '/courses', label: t('nav.courses') },
    // Prices where a visitor looks for them (issue 33): beside the courses, for everyone.
    { to: '/pricing', label: t('nav.pricing') },
    ...(loggedIn
      ? [
          { to: '/library', label: t('nav.library') },
          { to: '/account', label: t('nav.account') },
          ...(isAdmin ? [{ to: '/admin', label: t('nav.admin') }] : []),
          ...(manages ? [{ to: '/org', label: t('nav.org') }] : []),
          { to: '/logout', label: t('nav.logout') },
        ]
      : [
          { to: '/login', label: t('nav.login') },
          { to: '/register', label: t('nav.register') },
        ]),
  ];
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('nav.skip')}
      </a>
      <Suspense fallback={null}>
        <AnnouncementBar />
      </Suspense>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        {/* Slimmer on a phone (48 px): with a consent banner and an announcement above it, the first screen keeps
            four fifths for the page (issue 36). */}
        <div className="mx-auto flex h-12 max-w-6xl items-center justify-between gap-4 px-4 sm:h-16">
          <Link
            to="/"
            className="flex items-center gap-2 rounded-md font-bold text-teal-800 focus-visible:outline-3 focus-visible:outline-teal-600"
          >
            <img src="/favicon.svg" alt="" width="32" height="32" />
            <span className="text-lg">
              Rianroo <span className="font-normal text-slate-500">เรียนรู้</span>
            </span>
          </Link>
          <nav aria-label={t('nav.menu')} className="hidden items-center gap-1 md:flex">
            {links.map((l) => (
              <NavLink key={l.to} to={l.to} className={navClass}>
                {l.label}
              </NavLink>
            ))}
            <LanguageSwitch />
          </nav>
          <button
            type="button"
            className="flex min-h-11 min-w-11 items-center justify-center rounded-md border border-slate-300 md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((o) => !o)}
          >
            <span className="sr-only">{t('nav.menu')}</span>
            <LineIcon d="M4 7h16M4 12h16M4 17h16" className="h-6 w-6" />
          </button>
        </div>
        {menuOpen && (
          <nav
            id="mobile-menu"
            aria-label={t('nav.menu')}
            className="flex flex-col gap-1 border-t border-slate-200 px-4 py-3 md:hidden"
          >
            {links.map((l) => (
              <NavLink key={l.to} to={l.to} className={navClass} onClick={() => setMenuOpen(false)}>
                {l.label}
              </NavLink>
            ))}
            <LanguageSwitch />
          </nav>
        )}
      </header>
      <ClosureCancelledNotice />
      <main id="main" className="flex-1">
        {children}
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-6 text-sm text-slate-600">
          <span>
            © {formatYear(new Date(), lang)} Rianroo เรียนรู้ · {t('footer.rights')}
          </span>
          <nav aria-label={t('footer.nav')} className="flex flex-wrap gap-4">
            <Link to="/pricing" className={textLink}>
              {t('nav.pricing')}
            </Link>
            <Link to="/next-instructor" className={textLink}>
              {t('teach.link')}
            </Link>
            <Link to="/terms" className={textLink}>
              {t('legal.terms')}
            </Link>
            <Link to="/privacy" className={textLink}>
              {t('legal.privacy')}
            </Link>
            {loggedIn && (
              <Link to="/communication-page" className={textLink}>
                {t('comm.link')}
              </Link>
            )}
          </nav>
        </div>
      </footer>
    </div>
  );
}
