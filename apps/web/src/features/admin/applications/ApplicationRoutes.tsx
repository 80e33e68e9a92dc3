import { Navigate, Route, Routes } from 'react-router';
import ApplicationPage from './ApplicationPage';
import ApplicationsPage from './ApplicationsPage';

/** /admin/applications/*: the list and one application. */
export default function ApplicationRoutes() {
  return (
    <Routes>
      <Route index element={<ApplicationsPage />} />
      <Route path=":id" element={<ApplicationPage />} />
      <Route path="*" element={<Navigate to="/admin/applications" replace />} />
    </Routes>
  );
}
