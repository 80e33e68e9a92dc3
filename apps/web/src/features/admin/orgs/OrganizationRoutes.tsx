import { Navigate, Route, Routes } from 'react-router';
import NewOrganizationPage from './NewOrganizationPage';
import OrganizationPage from './OrganizationPage';
import OrganizationsPage from './OrganizationsPage';

/** /admin/organizations/*: the list, a new organisation, one organisation. */
export default function OrganizationRoutes() {
  return (
    <Routes>
      <Route index element={<OrganizationsPage />} />
      <Route path="new" element={<NewOrganizationPage />} />
      <Route path=":id" element={<OrganizationPage />} />
      <Route path="*" element={<Navigate to="/admin/organizations" replace />} />
    </Routes>
  );
}
