import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageLoading } from '../../../components/ui/Spinner';
import { useOrgI18n } from '../i18n/use-org-i18n';

// Each page its own chunk: a manager who opens one page loads only it.
const OverviewPage = lazy(() => import('./OverviewPage'));
const MembersPage = lazy(() => import('./MembersPage'));
const InvitesPage = lazy(() => import('./InvitesPage'));
const SettingsPage = lazy(() => import('./SettingsPage'));
// O2's pages (groups, course assignments): their lazy imports here, their <Route>s below.
const GroupsPage = lazy(() => import('../groups/routes/GroupsPage'));
const AssignmentsPage = lazy(() => import('../assignments/routes/AssignmentsPage'));
const AssignmentCourse = lazy(() => import('../assignments/routes/AssignmentCourseRoute'));

/** The console's pages under /org/<orgId>/ (the sections of nav.ts). */
export function OrgRoutes({ orgId }: { orgId: string }) {
  const { siteT } = useOrgI18n();
  return (
    <Suspense fallback={<PageLoading label={siteT('common.loading')} />}>
      <Routes>
        <Route index element={<OverviewPage orgId={orgId} />} />
        <Route path="members" element={<MembersPage orgId={orgId} />} />
        <Route path="invites" element={<InvitesPage orgId={orgId} />} />
        <Route path="settings" element={<SettingsPage orgId={orgId} />} />
        {/* O2's routes go here: groups and course assignments. */}
        <Route path="groups" element={<GroupsPage orgId={orgId} />} />
        <Route path="assignments" element={<AssignmentsPage orgId={orgId} />} />
        <Route path="assignments/:courseId" element={<AssignmentCourse orgId={orgId} />} />
        <Route path="*" element={<OverviewPage orgId={orgId} />} />
      </Routes>
    </Suspense>
  );
}
