import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageLoading } from '../../../components/ui/Spinner';
import { useAdminI18n } from '../i18n';
import AdminHome from './AdminHome';

// Each section loads when first opened. A new section: one lazy import and one <Route> here, one line in nav.ts.
const AnalyticsRoutes = lazy(() => import('../analytics/AnalyticsRoutes'));
const ApplicationRoutes = lazy(() => import('../applications/ApplicationRoutes'));
const AssessmentPage = lazy(() => import('../assessments/AssessmentPage'));
const AuditPage = lazy(() => import('../audit/AuditPage'));
const CouponRoutes = lazy(() => import('../billing/CouponRoutes'));
const CoursesPage = lazy(() => import('../courses/CoursesPage'));
const CoursePage = lazy(() => import('../courses/CoursePage'));
const EpisodePage = lazy(() => import('../courses/EpisodePage'));
const EvaluationPage = lazy(() => import('../assessments/EvaluationPage'));
const OrganizationRoutes = lazy(() => import('../orgs/OrganizationRoutes'));
const OrderRoutes = lazy(() => import('../billing/OrderRoutes'));
const PlanRoutes = lazy(() => import('../billing/PlanRoutes'));
const UsersPage = lazy(() => import('../users/UsersPage'));
const UserPage = lazy(() => import('../users/UserPage'));

function AdminNotFound() {
  const { t } = useAdminI18n();
  return <h1 className="text-2xl font-bold text-slate-900">{t('admin.notFound')}</h1>;
}

/** The console's routes, relative to /admin. */
export function AdminRoutes() {
  const { siteT } = useAdminI18n();
  return (
    <Suspense fallback={<PageLoading label={siteT('common.loading')} />}>
      <Routes>
        <Route index element={<AdminHome />} />
        <Route path="analytics/*" element={<AnalyticsRoutes />} />
        <Route path="applications/*" element={<ApplicationRoutes />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="coupons/*" element={<CouponRoutes />} />
        <Route path="courses" element={<CoursesPage />} />
        <Route path="courses/:id" element={<CoursePage />} />
        <Route path="courses/:courseId/episodes/:episodeId" element={<EpisodePage />} />
        <Route path="courses/:courseId/assessments/:assessmentId" element={<AssessmentPage />} />
        <Route path="evaluation" element={<EvaluationPage />} />
        <Route path="organizations/*" element={<OrganizationRoutes />} />
        <Route path="orders/*" element={<OrderRoutes />} />
        <Route path="plans/*" element={<PlanRoutes />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="users/:id" element={<UserPage />} />
        <Route path="*" element={<AdminNotFound />} />
      </Routes>
    </Suspense>
  );
}
