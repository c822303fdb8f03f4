// The payments feature's use cases: pay for an agent (a checkout session), the provider's webhook, the
// success redirect's refresh and the billing portal. The provider is called only after the agent's owner
// is checked, and its answers are applied by payment-transitions.ts.
import type { Bloom } from '@greenhouse/contracts';
import { schema, type Db } from '@greenhouse/db';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import type { UserRow } from '../../lib/auth-context.js';
import type { BloomService } from '../blooms/bloom-service.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import { applySessionStatus, statusOfEvent, statusOfSession } from './payment-transitions.js';
import {
  verifiedEvent,
  type CheckoutSession,
  type StripeClient,
  type StripeConfig,
} from './stripe-client.js';

export interface PaymentServiceOptions {
  db: Db;
  queue: JobQueue;
  blooms: BloomService;
  /** null: no provider configured (every agent is free). */
  stripe: { client: StripeClient; config: StripeConfig } | null;
  config: Pick<Config, 'appUrl'>;
  log: FastifyBaseLogger;
}

/** What the webhook did with an event (for the log and the tests; the provider only needs the 2xx). */
export const webhookOutcomes = ['handled', 'duplicate', 'ignored'] as const;
export type WebhookOutcome = (typeof webhookOutcomes)[number];

export class PaymentService {
  constructor(private readonly options: PaymentServiceOptions) {}

  private get db() {
    return this.options.db;
  }

  private provider(): { client: StripeClient; config: StripeConfig } {
    // Only reachable for a priced agent, which needs a provider (config.ts): an agent priced before the
    // provider was removed is free by now (free-blooms.ts).
    if (!this.options.stripe) throw new AppError('SERVICE_UNAVAILABLE');
    return this.options.stripe;
  }

  /** Runs a provider call; its failures (network, refusals) become 503 for the client and a log line. */
  private async call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError) {
        this.options.log.warn({ err: error, call: what }, 'payment provider call failed');
        throw new AppError('SERVICE_UNAVAILABLE');
      }
      throw error;
    }
  }

  /** GET /payment/bloom/:id — the checkout page's address for the owner's unpaid agent. */
  async checkout(user: UserRow, bloomId: string): Promise<{ url: string }> {
    // The owner first: another user's agent (or none) is "not found" before the provider hears of it.
    const bloom = await this.options.blooms.get(user, bloomId);
    if (bloom.payment.status === 'paid') throw new AppError('payment.already_paid');
    const { client } = this.provider();

    // A session still open is offered again rather than a second one that could be paid as well.
    const version = bloom.protocolVersion;
    const [latest] = await this.db
      .select()
      .from(schema.bloomPayments)
      .where(and(eq(schema.bloomPayments.bloomId, bloomId), eq(schema.bloomPayments.version, version)))
      .orderBy(desc(schema.bloomPayments.createdAt))
      .limit(1);
    if (latest && (latest.status === 'pending' || latest.status === 'processing')) {
      const session = await this.call('checkout.sessions.retrieve', () =>
        client.checkout.sessions.retrieve(latest.sessionId),
      );
      const status = statusOfSession(session);
      if (status === 'pending' && session.url) return { url: session.url };
      await this.apply(session, status);
      if (status === 'paid') throw new AppError('payment.already_paid');
      if (status === 'processing')
        throw new AppError('CONFLICT', {}, 'A payment for this agent is being processed.');
    }

    const customer = await this.customerOf(user);
    const attempt = await this.db.$count(schema.bloomPayments, eq(schema.bloomPayments.bloomId, bloomId));
    const agentUrl = `${this.options.config.appUrl}/agent/${bloomId}`;
    const session = await this.call('checkout.sessions.create', () =>
      client.checkout.sessions.create(
        {
          mode: 'payment',
          customer,
          client_reference_id: bloomId,
          metadata: { bloomId, version: String(version) },
          line_items: [
            {
              quantity: 1,
              price_data: {
                // The agent's own price and currency, fixed when it was made from the server's configuration.
                currency: bloom.payment.currency,
                unit_amount: bloom.payment.amountCents,
                product_data: {
                  name: `Training of the agent “${bloom.name}”${version > 1 ? ` (version ${version})` : ''}`,
                },
              },
            },
          ],
          success_url: `${agentUrl}?payment=success`,
          cancel_url: agentUrl,
        },
        // The same attempt asked twice (a double click) gets the same session back from the provider.
        { idempotencyKey: `greenhouse-checkout-${bloomId}-${version}-${attempt}` },
      ),
    );
    if (!session.url) throw new AppError('SERVICE_UNAVAILABLE');
    await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(schema.blooms).where(eq(schema.blooms.id, bloomId)).for('update');
      if (!row) throw new AppError('bloom.not_found');
      const inserted = await tx
        .insert(schema.bloomPayments)
        .values({
          sessionId: session.id,
          bloomId,
          userId: user.id,
          version,
          amountCents: bloom.payment.amountCents,
          currency: bloom.payment.currency,
          status: 'pending',
        })
        .onConflictDoNothing()
        .returning();
      if (inserted.length > 0 && row.paymentStatus !== 'paid')
        await tx
          .update(schema.blooms)
          .set({ paymentStatus: 'pending', updatedAt: new Date() })
          .where(eq(schema.blooms.id, bloomId));
    });
    return { url: session.url };
  }

  /** The user's customer at the provider, made (once) at their first checkout. */
  private async customerOf(user: UserRow): Promise<string> {
    const [row] = await this.db
      .select({ id: schema.users.stripeCustomerId })
      .from(schema.users)
      .where(eq(schema.users.id, user.id));
    if (row?.id) return row.id;
    const { client } = this.provider();
    const customer = await this.call('customers.create', () =>
      client.customers.create(
        {
          email: user.email,
          name: `${user.firstName} ${user.lastName}`.trim(),
          metadata: { userId: user.id },
        },
        // Two first checkouts at once make one customer.
        { idempotencyKey: `greenhouse-customer-${user.id}` },
      ),
    );
    await this.db
      .update(schema.users)
      .set({ stripeCustomerId: customer.id })
      .where(and(eq(schema.users.id, user.id), isNull(schema.users.stripeCustomerId)));
    const [stored] = await this.db
      .select({ id: schema.users.stripeCustomerId })
      .from(schema.users)
      .where(eq(schema.users.id, user.id));
    return stored?.id ?? customer.id;
  }

  private async apply(session: CheckoutSession, status: Parameters<typeof applySessionStatus>[3]) {
    return this.db.transaction((tx) => applySessionStatus(tx, this.options.queue, session, status));
  }

  /**
   * POST /payment/webhook — a signed event from the provider. A bad, tampered or stale signature is
   * refused (400) and changes nothing. Each event id is handled once: its row and its effects commit
   * together, so a delivery that arrives while the first is being handled waits for it, then finds it done.
   */
  async webhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
    const { client, config } = this.provider();
    const event = verifiedEvent(client, rawBody, signature, config.webhookSecret);
    if (!event) throw new AppError('BAD_REQUEST', {}, 'The webhook signature is missing, wrong or too old.');
    const change = statusOfEvent(event);
    if (!change) return 'ignored';
    const outcome = await this.db.transaction(async (tx) => {
      const [first] = await tx
        .insert(schema.paymentEvents)
        .values({ eventId: event.id, type: event.type })
        .onConflictDoNothing()
        .returning();
      if (!first) return 'duplicate' as const;
      await applySessionStatus(tx, this.options.queue, change.session, change.status);
      return 'handled' as const;
    });
    this.options.log.info({ event: event.id, type: event.type, outcome }, 'payment webhook');
    return outcome;
  }

  /**
   * POST /payment/bloom/:id/refresh — the success redirect: the agent's latest session as the provider
   * has it now (never what the address says), applied like its webhook; answers the agent.
   */
  async refresh(user: UserRow, bloomId: string): Promise<Bloom> {
    const bloom = await this.options.blooms.get(user, bloomId);
    const [latest] = await this.db
      .select({ sessionId: schema.bloomPayments.sessionId })
      .from(schema.bloomPayments)
      .where(eq(schema.bloomPayments.bloomId, bloomId))
      .orderBy(desc(schema.bloomPayments.createdAt))
      .limit(1);
    if (!latest) {
      if (bloom.payment.status === 'paid') return bloom;
      throw new AppError('payment.not_initialized');
    }
    if (bloom.payment.status === 'paid') return bloom;
    const { client } = this.provider();
    const session = await this.call('checkout.sessions.retrieve', () =>
      client.checkout.sessions.retrieve(latest.sessionId),
    );
    await this.apply(session, statusOfSession(session));
    return this.options.blooms.get(user, bloomId);
  }

  /** GET /payment/billing-portal/url — the provider's portal for the user's customer (purchase history). */
  async billingPortal(user: UserRow): Promise<{ url: string }> {
    const [row] = await this.db
      .select({ id: schema.users.stripeCustomerId })
      .from(schema.users)
      .where(eq(schema.users.id, user.id));
    if (!row?.id || !this.options.stripe) throw new AppError('payment.customer_not_found');
    const customer = row.id;
    const { client } = this.options.stripe;
    const portal = await this.call('billingPortal.sessions.create', () =>
      client.billingPortal.sessions.create({ customer, return_url: `${this.options.config.appUrl}/` }),
    );
    return { url: portal.url };
  }
}
