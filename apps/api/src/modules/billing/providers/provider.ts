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
}

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
   * Verifies a webhook and turns it into the payment events it carries (none for events that do not
   * concern an order). Throws WebhookSignatureError when the signature is wrong or too old.
   */
  parseWebhook(delivery: WebhookDelivery): Promise<PaymentEvent[]>;
}
