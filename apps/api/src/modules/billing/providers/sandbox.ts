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
} from './provider.js';

/** The test cards of the sandbox, like a provider's test mode: any other number is declined. */
export const SANDBOX_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' as const },
  { number: '4000 0000 0000 0002', outcome: 'declined' as const },
];

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

  async parseWebhook(): Promise<PaymentEvent[]> {
    throw new WebhookSignatureError('the sandbox sends no webhooks');
  }

  /** The PromptPay QR of an order: its EMVCo payload and the QR as SVG. */
  async promptPay(orderNumber: string, totalSatang: number) {
    const payload = promptPayPayload(this.promptpayId, totalSatang, orderNumber);
    const qrSvg = await QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { payload, qrSvg };
  }

  /** Whether a test card pays: the succeeding test card does, anything else is declined. */
  cardSucceeds(number: string) {
    return number.replace(/\s/g, '') === SANDBOX_CARDS[0]!.number.replace(/\s/g, '');
  }

  paidEvent(order: { id: string; totalSatang: number }, method: PaymentMethod): PaymentEvent {
    return {
      provider: this.name,
      eventId: `sbx_evt_${randomUUID()}`,
      type: 'paid',
      orderId: order.id,
      providerRef: `sbx_${order.id}`,
      method,
      amountSatang: order.totalSatang,
      paymentRef: `sbx_pay_${randomUUID()}`,
    };
  }
}
