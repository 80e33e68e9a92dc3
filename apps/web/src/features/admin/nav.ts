import type { AdminKey } from './i18n';

export interface AdminNavItem {
  /** Relative to /admin; '' is the overview. */
  path: string;
  label: AdminKey;
}

/**
 * The console's sections, in menu order: the side nav, the mobile menu and the overview are drawn from this
 * list. A new section is one line here and one route in routes/AdminRoutes.tsx.
 */
export const adminNav: AdminNavItem[] = [
  { path: '', label: 'admin.nav.overview' },
  { path: 'courses', label: 'admin.nav.courses' },
  { path: 'users', label: 'admin.nav.users' },
  { path: 'organizations', label: 'admin.nav.organizations' },
  { path: 'plans', label: 'admin.nav.plans' },
  { path: 'coupons', label: 'admin.nav.coupons' },
  { path: 'orders', label: 'admin.nav.orders' },
  { path: 'applications', label: 'admin.nav.applications' },
  { path: 'data-requests', label: 'admin.nav.dataRequests' },
  { path: 'legal', label: 'admin.nav.legal' },
  { path: 'analytics', label: 'admin.nav.analytics' },
  { path: 'audit', label: 'admin.nav.audit' },
];

export const adminPath = (path: string) => (path ? `/admin/${path}` : '/admin');
