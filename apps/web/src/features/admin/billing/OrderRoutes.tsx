import { Navigate, Route, Routes } from 'react-router';
import OrderPage from './OrderPage';
import OrdersPage from './OrdersPage';

/** /admin/orders/*: the list, and one order with its refunds. */
export default function OrderRoutes() {
  return (
    <Routes>
      <Route index element={<OrdersPage />} />
      <Route path=":id" element={<OrderPage />} />
      <Route path="*" element={<Navigate to="/admin/orders" replace />} />
    </Routes>
  );
}
