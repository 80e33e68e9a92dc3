import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageLoading } from '../../../components/ui/Spinner';
import { lazyPage } from '../../../lib/lazy-page';
import { useAdminI18n } from '../i18n';
import AdminHome from './AdminHome';

// Each section loads when first opened. A new section: one lazy import and one <Route> here, one line in nav.ts.
const AnalyticsRoutes = lazyPage(() => import('../analytics/AnalyticsRoutes'));
const ApplicationRoutes = lazyPage(() => import('../applications/ApplicationRoutes'));
const AssessmentPage = lazyPage(() => import('../assessments/AssessmentPage'));
const AuditPage = lazyPage(() => import('../audit/AuditPage'));
const CouponRoutes = lazyPage(() => import('../billing/CouponRoutes'));
const DataRequestRoutes = lazyPage(() => import('../privacy/DataRequestRoutes'));
const LegalDocumentsPage = lazyPage(() => import('../legal/LegalDocumentsPage'));
const CoursesPage = lazyPage(() => import('../courses/CoursesPage'));
const CoursePage = lazyPage(() => import('../courses/CoursePage'));
const EpisodePage = lazyPage(() => import('../courses/EpisodePage'));
const EvaluationPage = lazyPage(() => import('../assessments/EvaluationPage'));
const OrganizationRoutes = lazyPage(() => import('../orgs/OrganizationRoutes'));
const OrderRoutes = lazyPage(() => import('../billing/OrderRoutes'));
const PlanRoutes = lazyPage(() => import('../billing/PlanRoutes'));
const UsersPage = lazyPage(() => import('../users/UsersPage'));
const UserPage = lazyPage(() => import('../users/UserPage'));

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
        <Route path="data-requests/*" element={<DataRequestRoutes />} />
        <Route path="legal" element={<LegalDocumentsPage />} />
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
