import { Navigate, Route, Routes } from 'react-router';
import DataRequestPage from './DataRequestPage';
import DataRequestsPage from './DataRequestsPage';
import NewDataRequestPage from './NewDataRequestPage';

/** /admin/data-requests/*: the queue, a new request, and one request. */
export default function DataRequestRoutes() {
  return (
    <Routes>
      <Route index element={<DataRequestsPage />} />
      <Route path="new" element={<NewDataRequestPage />} />
      <Route path=":id" element={<DataRequestPage />} />
      <Route path="*" element={<Navigate to="/admin/data-requests" replace />} />
    </Routes>
  );
}
