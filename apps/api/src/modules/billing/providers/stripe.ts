import Stripe from 'stripe';
import type { PaymentMethod } from '@rianroo/contract';
import {
  WebhookSignatureError,
  type CheckoutOpened,
  type CheckoutRequest,
  type PaymentEvent,
  type PaymentProvider,
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
    try {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          // The methods offered (a filter on what the account has turned on): card and PromptPay.
          allowed_payment_method_types: ['card', 'promptpay'],
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'thb',
                unit_amount: req.totalSatang,
                product_data: { name: req.description },
              },
            },
          ],
          client_reference_id: req.orderId,
          metadata,
          payment_intent_data: { metadata },
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

  async parseWebhook({ rawBody, headers }: WebhookDelivery): Promise<PaymentEvent[]> {
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
    const type = EVENT_TYPES[event.type];
    if (!type) return [];
    const session = event.data.object as Session;
    if (event.type === 'checkout.session.completed' && session.payment_status === 'unpaid') return [];
    const orderId = session.metadata?.orderId ?? session.client_reference_id;
    if (!orderId) return [];
    return [
      {
        provider: this.name,
        eventId: event.id,
        type,
        orderId,
        providerRef: session.id,
        method: methodOf(event.type, type),
        amountSatang: type === 'paid' ? session.amount_total : null,
        paymentRef:
          typeof session.payment_intent === 'string'
            ? session.payment_intent
            : (session.payment_intent?.id ?? null),
      },
    ];
  }
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
