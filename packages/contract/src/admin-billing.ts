import { z } from 'zod';
import { editVersion as version, pageOf, pageQuery } from './admin.js';
import { textWithoutNul, uuid } from './common.js';

/* Plans and coupons are edited with optimistic concurrency: every row carries `version` (`editVersion`). */

export const adminPlan = z.object({
  id: uuid,
  code: z.string(),
  nameTh: z.string(),
  nameEn: z.string(),
  interval: z.enum(['month', 'year', 'trial']),
  intervalCount: z.number().int(),
  lengthDays: z.number().int(),
  priceSatang: z.number().int(),
  currency: z.string(),
  active: z.boolean(),
  sort: z.number().int(),
  subscribers: z.number().int(),
  createdAt: z.string(),
  version,
});
export type AdminPlan = z.infer<typeof adminPlan>;
export const adminPlanQuery = pageQuery(['sort', 'code', 'price', 'createdAt']).extend({
  active: z.enum(['true', 'false']).optional(),
});
export type AdminPlanQuery = z.infer<typeof adminPlanQuery>;
export const adminPlanPage = pageOf(adminPlan);
export type AdminPlanPage = z.infer<typeof adminPlanPage>;

const planFields = z.object({
  nameTh: textWithoutNul().trim().min(1).max(120),
  nameEn: textWithoutNul().trim().max(120),
  interval: z.enum(['month', 'year', 'trial']),
  intervalCount: z.number().int().min(1).max(36),
  lengthDays: z.number().int().min(1).max(3660),
  priceSatang: z.number().int().min(0).max(100_000_000),
  active: z.boolean(),
  sort: z.number().int().min(0).max(10_000),
});
export const planCreateBody = planFields.extend({
  code: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{2,40}$/, 'Lower-case letters, digits and dashes'),
});
export type PlanCreateBody = z.infer<typeof planCreateBody>;
export const planUpdateBody = planFields.partial().extend({ version });
export type PlanUpdateBody = z.infer<typeof planUpdateBody>;

export const adminCoupon = z.object({
  id: uuid,
  code: z.string(),
  percentOff: z.number().int().nullable(),
  amountOffSatang: z.number().int().nullable(),
  planCodes: z.array(z.string()).nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  maxRedemptions: z.number().int().nullable(),
  redeemedCount: z.number().int(),
  oncePerLearner: z.boolean(),
  active: z.boolean(),
  createdAt: z.string(),
  version,
});
export type AdminCoupon = z.infer<typeof adminCoupon>;
export const adminCouponQuery = pageQuery(['createdAt', 'code', 'redeemed']).extend({
  active: z.enum(['true', 'false']).optional(),
});
export type AdminCouponQuery = z.infer<typeof adminCouponQuery>;
export const adminCouponPage = pageOf(adminCoupon);
export type AdminCouponPage = z.infer<typeof adminCouponPage>;

const isoDate = z.iso.datetime({ offset: true }).nullable();
const couponFields = z.object({
  percentOff: z.number().int().min(1).max(100).nullable(),
  amountOffSatang: z.number().int().min(1).max(100_000_000).nullable(),
  planCodes: z.array(z.string().trim().min(1).max(40)).max(50).nullable(),
  validFrom: isoDate,
  validTo: isoDate,
  maxRedemptions: z.number().int().min(1).max(10_000_000).nullable(),
  oncePerLearner: z.boolean(),
  active: z.boolean(),
});
const oneDiscount = (b: { percentOff?: number | null; amountOffSatang?: number | null }) =>
  b.percentOff === undefined && b.amountOffSatang === undefined
    ? true
    : ((b.percentOff ?? null) === null) !== ((b.amountOffSatang ?? null) === null);
export const couponCreateBody = couponFields
  .extend({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,40}$/, 'Letters, digits, - and _'),
  })
  .refine(oneDiscount, { path: ['percentOff'], message: 'Give either a percent or an amount off' });
export type CouponCreateBody = z.infer<typeof couponCreateBody>;
export const couponUpdateBody = couponFields
  .partial()
  .extend({ version })
  .refine(oneDiscount, { path: ['percentOff'], message: 'Give either a percent or an amount off' });
export type CouponUpdateBody = z.infer<typeof couponUpdateBody>;

export const adminRedemption = z.object({
  orderId: uuid,
  orderNumber: z.string(),
  orderStatus: z.string(),
  user: z.object({ id: uuid, email: z.string(), name: z.string() }),
  discountSatang: z.number().int(),
  createdAt: z.string(),
});
export type AdminRedemption = z.infer<typeof adminRedemption>;
export const adminRedemptionQuery = pageQuery(['createdAt']);
export type AdminRedemptionQuery = z.infer<typeof adminRedemptionQuery>;
export const adminRedemptionPage = pageOf(adminRedemption);
export type AdminRedemptionPage = z.infer<typeof adminRedemptionPage>;

/* Orders and refunds: an administrator refunds a paid order, fully or in part (a credit note is issued). */

export const adminOrderStatus = z.enum(['pending', 'paid', 'failed', 'expired']);
export const adminOrder = z.object({
  id: uuid,
  number: z.string(),
  status: adminOrderStatus,
  user: z.object({ id: uuid, email: z.string(), name: z.string() }),
  planCode: z.string(),
  totalSatang: z.number().int(),
  /** Refunded (or being refunded) so far. */
  refundedSatang: z.number().int(),
  provider: z.string(),
  receiptNumber: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof adminOrder>;
export const adminOrderQuery = pageQuery(['createdAt', 'total']).extend({
  status: adminOrderStatus.optional(),
});
export type AdminOrderQuery = z.infer<typeof adminOrderQuery>;
export const adminOrderPage = pageOf(adminOrder);
export type AdminOrderPage = z.infer<typeof adminOrderPage>;

export const refundAccess = z.enum(['end', 'shorten']);
export type RefundAccess = z.infer<typeof refundAccess>;
export const adminRefund = z.object({
  id: uuid,
  amountSatang: z.number().int(),
  reason: z.string(),
  /** `end`: access ended at once; `shorten`: the period shortened by the refunded share. */
  access: refundAccess,
  /** `pending` while the provider is asked; `failed` holds nothing. */
  status: z.enum(['pending', 'succeeded', 'failed']),
  providerRef: z.string().nullable(),
  creditNoteNumber: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminRefund = z.infer<typeof adminRefund>;
export const adminOrderDetail = adminOrder.extend({
  subtotalSatang: z.number().int(),
  discountSatang: z.number().int(),
  vatSatang: z.number().int(),
  method: z.string().nullable(),
  paymentRef: z.string().nullable(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  taxInvoiceNumber: z.string().nullable(),
  /** What can still be refunded: the total less what is refunded or being refunded; 0 unless paid. */
  refundableSatang: z.number().int(),
  refunds: z.array(adminRefund),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

export const refundBody = z.object({
  amountSatang: z.number().int().min(1).max(100_000_000),
  reason: textWithoutNul().trim().min(1).max(300),
  access: refundAccess,
});
export type RefundBody = z.infer<typeof refundBody>;
