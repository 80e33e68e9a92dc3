import Stripe from 'stripe';
import type { PaymentMethod } from '@rianroo/contract';
import {
  WebhookSignatureError,
  type CheckoutOpened,
  type CheckoutRequest,
  type BillingEvent,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderEvent,
  type RenewalEvent,
  type WebhookDelivery,
} from './provider.js';

/** How old a signed webhook may be (Stripe's own default): an older one is a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** Stripe takes a Checkout Session's expiry between 30 minutes and 24 hours ahead. */
const MIN_EXPIRY_S = 31 * 60;
const MAX_EXPIRY_S = 23 * 3600;

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Only for a local double of Stripe's API (tests); null: api.stripe.com. */
  apiUrl: string | null;
}

type Session = Stripe.Checkout.Session;

/**
 * Stripe (the official package): a Checkout Session in THB with card and PromptPay for each order, and the
 * signed webhook turned into payment events. A PromptPay session completes `unpaid` and is paid later
 * (`async_payment_succeeded`), so only a `paid` completion counts as money.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(api
        ? {
            host: api.hostname,
            port: api.port || (api.protocol === 'https:' ? 443 : 80),
            protocol: api.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
  }

  async openCheckout(req: CheckoutRequest): Promise<CheckoutOpened> {
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = Math.min(
      now + MAX_EXPIRY_S,
      Math.max(now + MIN_EXPIRY_S, Math.floor(req.expiresAt.getTime() / 1000)),
    );
    const metadata = { orderId: req.orderId, orderNumber: req.orderNumber };
    const recurring = req.recurring;
    try {
      // A promo code's discount, on the first payment only: a coupon of Stripe's for this one session (the
      // renewals charge the plan's price).
      const discount = recurring ? recurring.priceSatang - req.totalSatang : 0;
      const coupon =
        discount > 0
          ? await this.stripe.coupons.create(
              {
                amount_off: discount,
                currency: 'thb',
                duration: 'once',
                max_redemptions: 1,
                name: `Rianroo ${req.orderNumber}`,
              },
              { idempotencyKey: `order-coupon-${req.orderId}` },
            )
          : null;
      const session = await this.stripe.checkout.sessions.create(
        {
          // Automatic renewal is Stripe Billing: a subscription paid by card (PromptPay does not renew), whose
          // first invoice is this order and whose next ones are the renewals (invoice.paid / payment_failed).
          mode: recurring ? 'subscription' : 'payment',
          // The methods offered (a filter on what the account has turned on): card and PromptPay.
          allowed_payment_method_types: recurring ? ['card'] : ['card', 'promptpay'],
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'thb',
                unit_amount: recurring ? recurring.priceSatang : req.totalSatang,
                product_data: { name: req.description },
                ...(recurring
                  ? { recurring: { interval: recurring.interval, interval_count: recurring.count } }
                  : {}),
              },
            },
          ],
          client_reference_id: req.orderId,
          metadata,
          ...(recurring ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
          ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
          customer_email: req.customerEmail,
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
          expires_at: expiresAt,
          locale: 'th',
        },
        // A retried create (a network blip) answers the same session instead of opening a second one.
        { idempotencyKey: `order-${req.orderId}` },
      );
      if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL');
      return { redirectUrl: session.url, providerRef: session.id };
    } catch (err) {
      // Stripe's error carries the request; only its type and message go on (never the key).
      const e = err as { type?: string; message?: string; statusCode?: number };
      throw new Error(
        `Stripe could not open a Checkout Session: ${e.type ?? 'error'} ${e.statusCode ?? ''} ${e.message ?? ''}`,
      );
    }
  }

  async closeCheckout(providerRef: string): Promise<void> {
    try {
      await this.stripe.checkout.sessions.expire(providerRef);
    } catch (err) {
      const e = err as { type?: string; message?: string; statusCode?: number };
      throw new Error(
        `Stripe did not expire Checkout Session ${providerRef}: ${e.type ?? 'error'} ${e.statusCode ?? ''} ${e.message ?? ''}`,
      );
    }
  }

  async parseWebhook({ rawBody, headers }: WebhookDelivery): Promise<ProviderEvent[]> {
    const signature = headers['stripe-signature'];
    if (typeof signature !== 'string' || !signature)
      throw new WebhookSignatureError('no Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.settings.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch (err) {
      throw new WebhookSignatureError((err as Error).message);
    }
    if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed')
      return this.invoiceEvents(event.id, event.type, event.data.object);
    if (event.type === 'customer.subscription.updated' || event.type === 'customer.subscription.deleted')
      return [billingEvent(event.id, event.type, event.created, event.data.object)];
    const type = EVENT_TYPES[event.type];
    if (!type) return [];
    const session = event.data.object as Session;
    if (session.mode === 'setup') return [];
    if (event.type === 'checkout.session.completed' && session.payment_status === 'unpaid') return [];
    const orderId = session.metadata?.orderId ?? session.client_reference_id;
    if (!orderId) return [];
    const billingRef = idOf(session.subscription);
    return [
      {
        provider: this.name,
        eventId: event.id,
        type,
        orderId,
        providerRef: session.id,
        method: methodOf(event.type, type),
        amountSatang: type === 'paid' ? session.amount_total : null,
        paymentRef: idOf(session.payment_intent) ?? idOf(session.invoice),
        ...(billingRef ? { billing: { billingRef, customerRef: idOf(session.customer) } } : {}),
      },
    ];
  }

  /**
   * A subscription's invoice: its first (`subscription_create`) is the order the learner paid at checkout (the same
   * payment as the session's completion; whichever comes first pays the order); the next ones are renewals.
   */
  private invoiceEvents(
    eventId: string,
    eventType: 'invoice.paid' | 'invoice.payment_failed',
    invoice: Stripe.Invoice,
  ): ProviderEvent[] {
    const details = invoice.parent?.subscription_details;
    const billingRef = idOf(details?.subscription ?? null);
    if (!billingRef || !invoice.id) return [];
    const paid = eventType === 'invoice.paid';
    if (invoice.billing_reason === 'subscription_create') {
      const orderId = details?.metadata?.orderId;
      if (!paid || !orderId) return [];
      return [
        {
          provider: this.name,
          eventId,
          type: 'paid',
          orderId,
          providerRef: null,
          method: 'card',
          amountSatang: invoice.amount_paid,
          paymentRef: invoice.id,
          billing: { billingRef, customerRef: idOf(invoice.customer) },
        },
      ];
    }
    if (invoice.billing_reason !== 'subscription_cycle') return [];
    const renewal: RenewalEvent = {
      provider: this.name,
      eventId,
      type: paid ? 'renewal_paid' : 'renewal_failed',
      billingRef,
      invoiceRef: invoice.id,
      amountSatang: paid ? invoice.amount_paid : invoice.amount_due,
      paymentRef: invoice.id,
      nextAttemptAt:
        !paid && invoice.next_payment_attempt ? new Date(invoice.next_payment_attempt * 1000) : null,
    };
    return [renewal];
  }

  async setRenewal(billingRef: string, on: boolean): Promise<void> {
    await this.call(`update subscription ${billingRef}`, () =>
      this.stripe.subscriptions.update(billingRef, { cancel_at_period_end: !on }),
    );
  }

  async endBilling(billingRef: string): Promise<void> {
    // Ending is asked again until it is known done (the expiry job's sweep): one Stripe already ended is done.
    const current = await this.call(`read subscription ${billingRef}`, () =>
      this.stripe.subscriptions.retrieve(billingRef),
    );
    if (current.status === 'canceled' || current.status === 'incomplete_expired') return;
    await this.call(`cancel subscription ${billingRef}`, () => this.stripe.subscriptions.cancel(billingRef));
  }

  /** Stripe's customer portal, where the learner replaces the card (Stripe then retries an unpaid invoice). */
  async cardSession(customerRef: string | null, returnUrl: string): Promise<string> {
    if (!customerRef) throw new Error('no Stripe customer to update a card for');
    const portal = await this.call('open the customer portal', () =>
      this.stripe.billingPortal.sessions.create({
        customer: customerRef,
        return_url: returnUrl,
        locale: 'th',
      }),
    );
    return portal.url;
  }

  /** The Refunds API, on the PaymentIntent (or charge) paid; a retry with the same key is the same refund. */
  async refund(paymentRef: string, amountSatang: number, key: string) {
    // An order paid through Stripe Billing keeps its invoice: the refund goes to the payment that paid it.
    const paid = paymentRef.startsWith('in_') ? await this.invoicePayment(paymentRef) : paymentRef;
    const refund = await this.call(`refund ${paymentRef}`, () =>
      this.stripe.refunds.create(
        {
          ...(paid.startsWith('ch_') ? { charge: paid } : { payment_intent: paid }),
          amount: amountSatang,
          metadata: { refundId: key },
        },
        { idempotencyKey: `refund-${key}` },
      ),
    );
    if (refund.status === 'failed' || refund.status === 'canceled')
      throw new Error(`Stripe's refund ${refund.id} is ${refund.status}`);
    return { refundRef: refund.id };
  }

  /** The PaymentIntent (or charge) that paid an invoice of Stripe Billing. */
  private async invoicePayment(invoiceRef: string): Promise<string> {
    const list = await this.call(`read the payments of invoice ${invoiceRef}`, () =>
      this.stripe.invoicePayments.list({ invoice: invoiceRef, status: 'paid', limit: 1 }),
    );
    const payment = list.data[0]?.payment;
    const ref = idOf(payment?.payment_intent ?? payment?.charge);
    if (!ref) throw new Error(`Stripe holds no paid payment of invoice ${invoiceRef}`);
    return ref;
  }

  /** A Stripe call whose failure says what was asked, with Stripe's type and message (never the key). */
  private async call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      const e = err as { type?: string; message?: string; statusCode?: number };
      throw new Error(
        `Stripe could not ${what}: ${e.type ?? 'error'} ${e.statusCode ?? ''} ${e.message ?? ''}`,
      );
    }
  }
}

/** An id of an expandable field: the id itself, or the expanded object's. */
function idOf(v: string | { id: string } | null | undefined): string | null {
  if (!v) return null;
  return typeof v === 'string' ? v : v.id;
}

/** `customer.subscription.updated/deleted`: renewal turned off or on at Stripe, or the subscription ended there. */
function billingEvent(
  eventId: string,
  type: 'customer.subscription.updated' | 'customer.subscription.deleted',
  created: number,
  sub: Stripe.Subscription,
): BillingEvent {
  return {
    provider: 'stripe',
    eventId,
    type: 'billing_changed',
    billingRef: sub.id,
    created: new Date(created * 1000),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    ended:
      type === 'customer.subscription.deleted' ||
      sub.status === 'canceled' ||
      sub.status === 'incomplete_expired',
  };
}

const EVENT_TYPES: Partial<Record<string, PaymentEvent['type']>> = {
  'checkout.session.completed': 'paid',
  'checkout.session.async_payment_succeeded': 'paid',
  'checkout.session.async_payment_failed': 'failed',
  'checkout.session.expired': 'expired',
};

/**
 * Of the two methods offered, PromptPay is the one paid later (the session completes unpaid, then the async payment
 * succeeds); a session completed as paid was paid by card.
 */
function methodOf(eventType: string, type: PaymentEvent['type']): PaymentMethod | null {
  if (type !== 'paid') return null;
  return eventType === 'checkout.session.async_payment_succeeded' ? 'promptpay' : 'card';
}
