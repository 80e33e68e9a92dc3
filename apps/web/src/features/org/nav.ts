import type { OrgKey } from './i18n/use-org-i18n';

export interface OrgNavItem {
  /** Relative to /org/<orgId>; '' is the overview. */
  path: string;
  label: OrgKey;
}

/** The console's sections in menu order (the side nav and the phone menu); each has a route in OrgRoutes.tsx. */
export const orgNav: OrgNavItem[] = [
  { path: '', label: 'org.nav.overview' },
  { path: 'members', label: 'org.nav.members' },
  { path: 'invites', label: 'org.nav.invites' },
  { path: 'groups', label: 'org.nav.groups' },
  { path: 'assignments', label: 'org.nav.assignments' },
  { path: 'settings', label: 'org.nav.settings' },
];

export const orgPath = (orgId: string, path = '') => (path ? `/org/${orgId}/${path}` : `/org/${orgId}`);
