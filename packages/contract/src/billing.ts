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
/**
 * Automatic renewal by card (PRODUCT.md section 7): a renewal that fails is tried again this many days after the
 * period's end, and access stays during the grace period; when it ends unpaid, the subscription ends.
 */
export const RENEWAL_RETRY_DAYS = [1, 3, 5] as const;
export const RENEWAL_GRACE_DAYS = 7;

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
  /**
   * What happens at the period's end: `automatic`: the saved card is charged `renewalAmountSatang` on `renewsAt`;
   * `reminder`: it ends then and the learner is reminded (7 and 1 days before) with a one-click renewal (PromptPay or
   * no card saved); `off`: it ends then (renewal turned off, or a trial).
   */
  renewal: z.enum(['automatic', 'reminder', 'off']),
  /** When the saved card is charged next (automatic renewal), else null. */
  renewsAt: z.string().nullable(),
  /** What the next automatic renewal charges (the plan's price now, VAT included), else null. */
  renewalAmountSatang: z.number().int().nullable(),
  /** The saved card automatic renewal charges, or null. */
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /**
   * A renewal payment failed and is not yet paid: access stays until `graceUntil`, the card is tried again at
   * `nextAttemptAt` (null when no attempt is left), and the learner can update the card.
   */
  paymentFailed: z.boolean(),
  graceUntil: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
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
  /**
   * Renew automatically with the card paid with. Automatic renewal is by card only; without it (the default, for
   * clients that do not ask) the learner may also pay by PromptPay, and is reminded before the end instead. The web
   * checkout offers it switched on.
   */
  autoRenew: z.boolean().optional(),
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
  /**
   * Whole days left of the learner's running subscription that the new period follows (credited: moving from
   * monthly to annual loses none of the month paid for); 0 when nothing runs.
   */
  creditDays: z.number().int(),
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
  /** Paid by card, it renews automatically (card only); else the learner is reminded. */
  autoRenew: z.boolean(),
  /** `renewal`: an automatic renewal charged to the saved card; `checkout`: bought by the learner. */
  kind: z.enum(['checkout', 'renewal']),
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
  /** `renewal-declines`: pays now, and is declined when an automatic renewal charges it (to try a failed renewal). */
  testCards: z.array(
    z.object({ number: z.string(), outcome: z.enum(['succeeds', 'declined', 'renewal-declines']) }),
  ),
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

/** `POST /my-subscription/card-session`: where the learner updates the card automatic renewal charges. */
export const cardSession = z.object({ redirectUrl: z.string() });

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

/* Full tax invoices (ใบกำกับภาษีเต็มรูป) and credit notes (ใบลดหนี้). */

/**
 * Whether a Thai tax ID (เลขประจำตัวผู้เสียภาษีอากร, also a citizen ID) is 13 digits whose last is the Revenue
 * Department's check digit: the first twelve weighted 13 down to 2, summed, and (11 − sum mod 11) mod 10.
 */
export function isThaiTaxId(value: string): boolean {
  if (!/^[0-9]{13}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(value[i]) * (13 - i);
  return (11 - (sum % 11)) % 10 === Number(value[12]);
}

/** The branch on a tax invoice: the head office (สำนักงานใหญ่) or a branch number of five digits. */
export const HEAD_OFFICE = 'head_office';
export const taxBranch = z
  .string()
  .trim()
  .regex(/^(head_office|[0-9]{5})$/, 'head_office or a branch number of five digits');
export const taxId = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^[0-9]{13}$/, 'a tax ID is 13 digits')
      .refine(isThaiTaxId, 'the check digit of this tax ID is wrong'),
  );

/** The buyer a full tax invoice names (the organisation or person who asks for it). */
export const taxBuyer = z.object({
  name: textWithoutNul().trim().min(1).max(200),
  address: textWithoutNul().trim().min(5).max(500),
  taxId,
  branch: taxBranch,
});
export type TaxBuyer = z.infer<typeof taxBuyer>;
/** `GET /tax-invoice-details`: what the form starts with (the learner's organisation, their last invoice). */
export const taxBuyerDraft = z.object({
  name: z.string(),
  address: z.string(),
  taxId: z.string(),
  branch: z.string(),
});
export type TaxBuyerDraft = z.infer<typeof taxBuyerDraft>;

export const taxSeller = z.object({
  name: z.string(),
  taxId: z.string(),
  address: z.string(),
  branch: z.string(),
});
export type TaxSeller = z.infer<typeof taxSeller>;

export const taxInvoice = z.object({
  /** TI-YYYY-nnnnnn: one sequence per seller and year, without a gap. */
  number: z.string(),
  receiptNumber: z.string(),
  orderNumber: z.string(),
  issuedAt: z.string(),
  buyer: taxBuyer,
  seller: taxSeller,
  subtotalSatang: z.number().int(),
  discountSatang: z.number().int(),
  /** Before VAT, the VAT (7%) and the total, VAT included. */
  netSatang: z.number().int(),
  vatSatang: z.number().int(),
  totalSatang: z.number().int(),
});
export type TaxInvoice = z.infer<typeof taxInvoice>;

export const creditNote = z.object({
  /** CN-YYYY-nnnnnn: one sequence per seller and year, without a gap. */
  number: z.string(),
  receiptNumber: z.string(),
  /** The tax invoice it corrects, when the order had one. */
  taxInvoiceNumber: z.string().nullable(),
  orderNumber: z.string(),
  issuedAt: z.string(),
  reason: z.string(),
  /** The amount credited, VAT included, and its VAT part. */
  amountSatang: z.number().int(),
  vatSatang: z.number().int(),
  originalTotalSatang: z.number().int(),
});
export type CreditNote = z.infer<typeof creditNote>;

/** `GET /my-tax-documents`: my full tax invoices and credit notes, newest first. */
export const myTaxDocuments = z.object({
  taxInvoices: z.array(taxInvoice),
  creditNotes: z.array(creditNote),
});
export type MyTaxDocuments = z.infer<typeof myTaxDocuments>;

/** `POST /checkout/orders/:id/tax-invoice`: kept with the unpaid order (issued when paid), or issued now. */
export const taxInvoiceRequested = z.object({ taxInvoice: taxInvoice.nullable() });
export type TaxInvoiceRequested = z.infer<typeof taxInvoiceRequested>;

export const taxDocumentParams = z.object({
  number: z.string().regex(/^(TI|CN)-[0-9]{4}-[0-9]{6,}$/, 'a tax document number, e.g. TI-2026-000001'),
});
