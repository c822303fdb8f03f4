// The payment provider's client: the official Stripe SDK, pointed at STRIPE_API_URL when it is set (a local
// peer speaking Stripe's HTTP API in tests). Only four calls are made with it: customers.create,
// checkout.sessions.create and retrieve, billingPortal.sessions.create.
import Stripe from 'stripe';
import type { Config } from '../../config.js';

export type StripeConfig = NonNullable<Config['stripe']>;
export type StripeClient = Stripe;
export type CheckoutSession = Stripe.Checkout.Session;
export type StripeEvent = Stripe.Event;

/** How long a signed webhook stays acceptable after it was signed (Stripe's default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export function createStripeClient(config: StripeConfig): StripeClient {
  const options: Stripe.StripeConfig = {
    // Our own calls carry idempotency keys; the SDK retries network failures with them.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Greenhouse' },
  };
  if (config.apiUrl) {
    const url = new URL(config.apiUrl);
    options.host = url.hostname;
    options.protocol = url.protocol === 'http:' ? 'http' : 'https';
    options.port = url.port || (url.protocol === 'http:' ? 80 : 443);
  }
  return new Stripe(config.secretKey, options);
}

/** The webhook's event, if its `Stripe-Signature` header signs exactly this body recently enough; else null. */
export function verifiedEvent(
  stripe: StripeClient,
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
): StripeEvent | null {
  if (!signature) return null;
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    return null;
  }
}
