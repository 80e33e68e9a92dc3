import { randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import type { PaymentMethod } from '@rianroo/contract';
import { promptPayPayload } from '../promptpay.js';
import {
  WebhookSignatureError,
  type CheckoutOpened,
  type CheckoutRequest,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderEvent,
  type SavedCard,
} from './provider.js';

/**
 * The test cards of the sandbox, like a provider's test mode: any other number is declined. The third pays now and
 * is declined when an automatic renewal charges it (Stripe's 4000 0000 0000 0341 does the same), to try a failed
 * renewal, its retries and its grace period.
 */
export const SANDBOX_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' as const },
  { number: '4000 0000 0000 0002', outcome: 'declined' as const },
  { number: '4000 0000 0000 0341', outcome: 'renewal-declines' as const },
];
const digits = (number: string) => number.replace(/\s/g, '');
const outcomeOf = (number: string) =>
  SANDBOX_CARDS.find((c) => digits(c.number) === digits(number))?.outcome ?? 'declined';

/**
 * The default provider: no money moves. Its payment page is this site's `/checkout/pay/<order>` (test cards, and a
 * real EMVCo PromptPay QR whose payment the page confirms). A confirmed payment becomes the same PaymentEvent a
 * provider's webhook would, and goes through the same idempotent path.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  constructor(private readonly promptpayId: string) {}

  async openCheckout(req: CheckoutRequest): Promise<CheckoutOpened> {
    return { redirectUrl: `/checkout/pay/${req.orderId}`, providerRef: `sbx_${req.orderId}` };
  }

  /** The sandbox's page is this site's own, which reads the order's status: nothing to close elsewhere. */
  async closeCheckout(): Promise<void> {}

  async parseWebhook(): Promise<ProviderEvent[]> {
    throw new WebhookSignatureError('the sandbox sends no webhooks');
  }

  /** The sandbox renews by its own job (BillingService.renewDue): nothing at a provider to turn on or off. */
  async setRenewal(): Promise<void> {}
  async endBilling(): Promise<void> {}

  /** The sandbox's card page is this site's own. */
  async cardSession(): Promise<string> {
    return '/account/card';
  }

  /** A refund moves no money here either: recorded at once, under the id `key` gives it. */
  async refund(_paymentRef: string, _amountSatang: number, key: string) {
    return { refundRef: `sbx_re_${key}` };
  }

  /** The PromptPay QR of an order: its EMVCo payload and the QR as SVG. */
  async promptPay(orderNumber: string, totalSatang: number) {
    const payload = promptPayPayload(this.promptpayId, totalSatang, orderNumber);
    const qrSvg = await QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { payload, qrSvg };
  }

  /** Whether a test card pays now: the succeeding test card and the one declined only at renewal do. */
  cardSucceeds(number: string) {
    return outcomeOf(number) !== 'declined';
  }

  /** The card as kept for automatic renewal: its reference names the test card, so a renewal knows its outcome. */
  savedCard(number: string): SavedCard {
    const last4 = digits(number).slice(-4);
    return { ref: `sbx_card_${digits(number)}`, brand: 'visa', last4 };
  }

  /** Charges a saved card for a renewal: whether it paid (the renewal-declining test card never does). */
  chargeSaved(cardRef: string) {
    return outcomeOf(cardRef.replace(/^sbx_card_/, '')) === 'succeeds';
  }

  paidEvent(
    order: { id: string; totalSatang: number },
    method: PaymentMethod,
    card: SavedCard | null = null,
  ): PaymentEvent {
    return {
      provider: this.name,
      eventId: `sbx_evt_${randomUUID()}`,
      type: 'paid',
      orderId: order.id,
      providerRef: `sbx_${order.id}`,
      method,
      amountSatang: order.totalSatang,
      paymentRef: `sbx_pay_${randomUUID()}`,
      card,
    };
  }
}
