import { Navigate, Route, Routes } from 'react-router';
import NewPlanPage from './NewPlanPage';
import PlanPage from './PlanPage';
import PlansPage from './PlansPage';

/** /admin/plans/*: the list, a new plan, one plan. */
export default function PlanRoutes() {
  return (
    <Routes>
      <Route index element={<PlansPage />} />
      <Route path="new" element={<NewPlanPage />} />
      <Route path=":id" element={<PlanPage />} />
      <Route path="*" element={<Navigate to="/admin/plans" replace />} />
    </Routes>
  );
}
