import { z } from 'zod';
import { textWithoutNul, uuid } from './common.js';

/**
 * Plans, subscriptions, free trial, checkout, payments and receipts (PRODUCT.md section 7).
 * Money is integer satang (1 baht = 100 satang); prices include 7% VAT.
 */

export const VAT_PERCENT = 7;
/** A pending order can be paid for this long; then it expires and a reserved coupon is released. */
export const ORDER_TTL_MINUTES = 60;
/** Reminder e-mails this many days before a subscription ends. */
export const REMINDER_DAYS = [7, 1] as const;

export const planCode = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[a-z0-9-]+$/, 'a plan code is lower-case letters, digits and dashes');
export const planInterval = z.enum(['month', 'year', 'trial']);
export const plan = z.object({
  code: z.string(),
  nameTh: z.string(),
  nameEn: z.string(),
  interval: planInterval,
  /** Calendar months or years per period (1); for a trial, its days. */
  intervalCount: z.number().int(),
  priceSatang: z.number().int(),
  currency: z.literal('THB'),
});
export type Plan = z.infer<typeof plan>;
export const planList = z.array(plan);
export const planParams = z.object({ code: planCode });

export const subscriptionStatus = z.enum(['trialing', 'active', 'canceled', 'expired']);
export type SubscriptionStatus = z.infer<typeof subscriptionStatus>;
export const subscription = z.object({
  id: uuid,
  plan,
  /** `canceled`: the learner turned renewal off; access stays until the period ends. */
  status: subscriptionStatus,
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
  autoRenew: z.boolean(),
  provider: z.string(),
  /** Whether it gives access now (the one entitlement rule: not expired and the period not over). */
  givesAccess: z.boolean(),
});
export type Subscription = z.infer<typeof subscription>;
/** `GET /my-subscription`: the current subscription, or null. */
export const mySubscription = subscription.nullable();
export const subscriptionList = z.array(subscription);

/** `GET /free-trial` and the answer of `POST /free-trial`. One trial per learner, ever. */
export const freeTrialStatus = z.object({
  eligible: z.boolean(),
  active: z.boolean(),
  endsAt: z.string().nullable(),
});
export type FreeTrialStatus = z.infer<typeof freeTrialStatus>;

export const couponCode = textWithoutNul()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, 'a promo code is letters, digits, dashes and underscores');
/** Why a promo code gives no discount (a quote says it; an order with it is refused with COUPON_INVALID). */
export const couponProblem = z.enum([
  'NOT_FOUND',
  'NOT_YET_VALID',
  'EXPIRED',
  'USED_UP',
  'NOT_FOR_PLAN',
  'ALREADY_USED',
]);
export type CouponProblem = z.infer<typeof couponProblem>;

export const paymentMethod = z.enum(['card', 'promptpay']);
export type PaymentMethod = z.infer<typeof paymentMethod>;

export const checkoutBody = z.object({
  plan: planCode,
  cpc: couponCode.optional(),
});
export type CheckoutBody = z.infer<typeof checkoutBody>;

/** `POST /checkout/quote`: what the learner would pay. */
export const quote = z.object({
  plan,
  subtotalSatang: z.number().int(),
  discountSatang: z.number().int(),
  totalSatang: z.number().int(),
  /** The VAT included in the total. */
  vatSatang: z.number().int(),
  coupon: z
    .object({ code: z.string(), percentOff: z.number().nullable(), amountOffSatang: z.number().nullable() })
    .nullable(),
  couponProblem: couponProblem.nullable(),
  /** The period the payment would buy: from the end of the current one when there is one. */
  periodStart: z.string(),
  periodEnd: z.string(),
});
export type Quote = z.infer<typeof quote>;

export const orderStatus = z.enum(['pending', 'paid', 'failed', 'expired']);
export type OrderStatus = z.infer<typeof orderStatus>;
export const order = z.object({
  id: uuid,
  number: z.string(),
  plan,
  status: orderStatus,
  subtotalSatang: z.number().int(),
  discountSatang: z.number().int(),
  totalSatang: z.number().int(),
  vatSatang: z.number().int(),
  couponCode: z.string().nullable(),
  provider: z.string(),
  method: paymentMethod.nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  receiptNumber: z.string().nullable(),
});
export type Order = z.infer<typeof order>;
export const orderParams = z.object({ id: uuid });

/** `POST /checkout/orders`: the order and where to pay it (the sandbox page, or the provider's page). */
export const checkoutStarted = z.object({ order, redirectUrl: z.string() });
export type CheckoutStarted = z.infer<typeof checkoutStarted>;

/** The sandbox provider's test payment page (like a provider's test mode). */
export const sandboxPayment = z.object({
  order,
  promptpay: z.object({ payload: z.string(), qrSvg: z.string() }),
  testCards: z.array(z.object({ number: z.string(), outcome: z.enum(['succeeds', 'declined']) })),
});
export type SandboxPayment = z.infer<typeof sandboxPayment>;
export const sandboxCardBody = z.object({
  number: z
    .string()
    .trim()
    .regex(/^[0-9 ]{12,23}$/, 'a card number is 12 to 19 digits'),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\/[0-9]{2}$/, 'MM/YY'),
  cvc: z
    .string()
    .trim()
    .regex(/^[0-9]{3,4}$/),
  name: textWithoutNul().trim().min(1).max(100),
});
export type SandboxCardBody = z.infer<typeof sandboxCardBody>;

export const receipt = z.object({
  number: z.string(),
  orderNumber: z.string(),
  issuedAt: z.string(),
  plan,
  /** How it was paid; null when there was nothing to pay (a 100% promo code: no payment was made). */
  method: paymentMethod.nullable(),
  subtotalSatang: z.number().int(),
  discountSatang: z.number().int(),
  totalSatang: z.number().int(),
  vatSatang: z.number().int(),
  /** The total without VAT. */
  netSatang: z.number().int(),
  couponCode: z.string().nullable(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  seller: z.object({ name: z.string(), taxId: z.string(), address: z.string() }),
  periodStart: z.string(),
  periodEnd: z.string(),
});
export type Receipt = z.infer<typeof receipt>;
export const receiptList = z.array(receipt);
export const receiptParams = z.object({
  number: z.string().regex(/^[A-Z0-9-]{1,40}$/, 'a receipt number is capital letters, digits and dashes'),
});

/** VAT included in a price that includes 7% VAT, rounded to the satang. */
export const vatIncluded = (totalSatang: number) =>
  Math.round((totalSatang * VAT_PERCENT) / (100 + VAT_PERCENT));

/** `POST /payments/stripe/webhook`: received, and 1 when the event changed an order, 0 when it changed nothing (a replay, an order not ours or unknown, an order already in that state). */
export const webhookAnswer = z.object({ received: z.literal(true), applied: z.number().int() });
