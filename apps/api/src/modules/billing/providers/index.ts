import type { Config } from '../../../config.js';
import type { PaymentProvider } from './provider.js';
import { SandboxProvider } from './sandbox.js';

/** The configured payment provider (PAYMENT_PROVIDER): the sandbox by default, or Stripe. */
export async function paymentProvider(config: Config): Promise<PaymentProvider> {
  const { provider, stripe, promptpayId } = config.payments;
  if (provider === 'stripe' && stripe) {
    // Loaded only when used, so the sandbox's start does not pay for the Stripe package.
    const { StripeProvider } = await import('./stripe.js');
    return new StripeProvider(stripe);
  }
  return new SandboxProvider(promptpayId);
}
