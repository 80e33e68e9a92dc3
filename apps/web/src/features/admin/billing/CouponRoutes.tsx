import { Navigate, Route, Routes } from 'react-router';
import CouponPage from './CouponPage';
import CouponsPage from './CouponsPage';
import NewCouponPage from './NewCouponPage';

/** /admin/coupons/*: the list, a new promo code, one promo code with its redemptions. */
export default function CouponRoutes() {
  return (
    <Routes>
      <Route index element={<CouponsPage />} />
      <Route path="new" element={<NewCouponPage />} />
      <Route path=":id" element={<CouponPage />} />
      <Route path="*" element={<Navigate to="/admin/coupons" replace />} />
    </Routes>
  );
}
