import type { AdminCoupon } from '@rianroo/contract';
import { useCallback } from 'react';
import { useAdminI18n } from '../i18n';

/** A promo code's discount as read: "20%" or "฿50.00". */
export function useDiscount() {
  const { num, money } = useAdminI18n();
  return useCallback(
    (c: Pick<AdminCoupon, 'percentOff' | 'amountOffSatang'>) =>
      c.percentOff !== null ? `${num(c.percentOff)}%` : money(c.amountOffSatang ?? 0),
    [num, money],
  );
}
