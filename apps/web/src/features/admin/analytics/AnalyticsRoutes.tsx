import { Navigate, Route, Routes } from 'react-router';
import CourseAnalyticsPage from './CourseAnalyticsPage';
import OverviewPage from './OverviewPage';
import RetentionPage from './RetentionPage';

/** /admin/analytics/*: the overview, a course's funnel and episodes, an episode's retention. */
export default function AnalyticsRoutes() {
  return (
    <Routes>
      <Route index element={<OverviewPage />} />
      <Route path="courses/:courseId" element={<CourseAnalyticsPage />} />
      <Route path="courses/:courseId/episodes/:episodeId" element={<RetentionPage />} />
      <Route path="*" element={<Navigate to="/admin/analytics" replace />} />
    </Routes>
  );
}
