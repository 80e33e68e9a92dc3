import type { PaymentMethod } from '@rianroo/contract';

/** What a provider needs to open a payment page for one order. */
export interface CheckoutRequest {
  orderId: string;
  orderNumber: string;
  /** What the learner pays, VAT included, in satang (THB). Never 0: a free order needs no provider. */
  totalSatang: number;
  /** The line on the provider's page, e.g. "Rianroo รายปี (Annual)". */
  description: string;
  customerEmail: string;
  /** Where the provider sends the learner back (absolute URLs of this site). */
  successUrl: string;
  cancelUrl: string;
  /** When the provider should stop accepting payment for it. */
  expiresAt: Date;
  /**
   * Renew automatically with the card paid with, every `count` `interval`s at `priceSatang` (the plan's price: a
   * promo code takes its discount off the first payment only) (Stripe: a Checkout Session in subscription mode,
   * card only); null: one payment (card or PromptPay).
   */
  recurring: { interval: 'month' | 'year'; count: number; priceSatang: number } | null;
}

export interface CheckoutOpened {
  /** The page the learner is sent to, to pay. */
  redirectUrl: string;
  /** The provider's id of the payment page (a Checkout Session id), kept on the order. */
  providerRef: string;
}

/**
 * One thing that happened to an order at the provider, already verified. `eventId` is the provider's
 * own id: the same event is applied once however many times it is delivered.
 */
export interface PaymentEvent {
  provider: string;
  eventId: string;
  /** `paid`: the money arrived; `failed`: the payment was refused; `expired`: the page closed unpaid. */
  type: 'paid' | 'failed' | 'expired';
  orderId: string;
  providerRef: string | null;
  method: PaymentMethod | null;
  /** The amount the provider says was paid (paid events), in satang. */
  amountSatang: number | null;
  /** The provider's payment id (a PaymentIntent id), for refunds and support. */
  paymentRef: string | null;
  /** The card saved for automatic renewal by this payment (sandbox), else null or absent. */
  card?: SavedCard | null;
  /** Stripe Billing: the subscription (and customer) that will renew, for an order paid in subscription mode. */
  billing?: { billingRef: string; customerRef: string | null } | null;
}

/** A card kept for automatic renewal: the provider's reference, and what the learner is shown of it. */
export interface SavedCard {
  ref: string;
  brand: string;
  last4: string;
}

/**
 * An automatic renewal's charge at the provider (Stripe Billing's invoice of a new period), already verified:
 * `renewal_paid` or `renewal_failed`, for the provider's subscription `billingRef`. Applied once per event, and
 * one renewal order per invoice (`invoiceRef`) whatever the events' order.
 */
export interface RenewalEvent {
  provider: string;
  eventId: string;
  type: 'renewal_paid' | 'renewal_failed';
  billingRef: string;
  invoiceRef: string;
  amountSatang: number;
  paymentRef: string | null;
  /** When the provider tries the card again (failed), or null when it will not. */
  nextAttemptAt: Date | null;
}

/**
 * The provider's subscription changed (Stripe's `customer.subscription.updated/deleted`): renewal turned off or on
 * at the provider, or the subscription ended there. `created` orders them: an older one arriving later is ignored.
 */
export interface BillingEvent {
  provider: string;
  eventId: string;
  type: 'billing_changed';
  billingRef: string;
  created: Date;
  cancelAtPeriodEnd: boolean;
  ended: boolean;
}

export type ProviderEvent = PaymentEvent | RenewalEvent | BillingEvent;

/** A signed webhook as it arrived: the exact bytes and the headers. */
export interface WebhookDelivery {
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

export class WebhookSignatureError extends Error {}

/** A payment provider (PRODUCT.md section 7): `sandbox` (default) or `stripe`. */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  openCheckout(request: CheckoutRequest): Promise<CheckoutOpened>;
  /**
   * Closes the payment page of an order closed on our side (a newer order of the learner replaced it), so that
   * it can no longer be paid. Throws when the provider refuses (the page was paid or closed meanwhile).
   */
  closeCheckout(providerRef: string): Promise<void>;
  /**
   * Verifies a webhook and turns it into the events it carries (none for events that concern nothing of ours).
   * Throws WebhookSignatureError when the signature is wrong or too old.
   */
  parseWebhook(delivery: WebhookDelivery): Promise<ProviderEvent[]>;
  /** Automatic renewal at the provider turned off (at the period's end) or back on. */
  setRenewal(billingRef: string, on: boolean): Promise<void>;
  /**
   * Ends the provider's subscription now (its access ended here, or another one replaced it): no more charges.
   * One already ended there is done, not an error (the expiry job asks until it is known done).
   */
  endBilling(billingRef: string): Promise<void>;
  /** The page where the learner updates the card renewal charges (absolute URL, or a path of this site). */
  cardSession(customerRef: string | null, returnUrl: string): Promise<string>;
  /**
   * Gives back `amountSatang` of a payment (its `paymentRef`: a PaymentIntent or a charge), in full or in part;
   * `key` makes a retried call the same refund. Answers the provider's id of the refund; throws when refused.
   */
  refund(paymentRef: string, amountSatang: number, key: string): Promise<{ refundRef: string }>;
}
