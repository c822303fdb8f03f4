// Issue 20: paying for an agent through the payment provider (Stripe's API, played by a local peer of ours
// over HTTP; its webhooks are really signed), on both databases.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bloomSchema, type Bloom } from '@greenhouse/contracts';
import { schema } from '@greenhouse/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freeUnpaidBlooms } from '../src/features/payments/free-blooms.js';
import { dataStages } from '../src/features/pipeline/stages.js';
import { startServerProcess } from './support/server-process.js';
import type { SessionClient } from './support/session-client.js';
import {
  PEER_SECRET_KEY,
  PEER_WEBHOOK_SECRET,
  startStripePeer,
  type StripePeer,
} from './support/stripe-peer.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { exampleProtocol, pollBloom } from './support/training.js';
import { signedInClient } from './support/users.js';

const PRICE = 700;

function paymentEnv(peer: StripePeer): NodeJS.ProcessEnv {
  return {
    AGENT_PRICE_CENTS: String(PRICE),
    PAYMENT_CURRENCY: 'EUR',
    STRIPE_SECRET_KEY: PEER_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: PEER_WEBHOOK_SECRET,
    STRIPE_API_URL: peer.url,
    APP_URL: 'http://greenhouse.test',
  };
}

/** Listens on a real port, so the peer can deliver webhooks to it. */
async function listen(t: TestApp, peer: StripePeer): Promise<void> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  peer.webhookUrl = `http://127.0.0.1:${port}/api/payment/webhook`;
}

async function upload(client: SessionClient): Promise<Bloom> {
  const res = await client.upload('/api/bloom/upload', {
    file: { name: 'keeper.json', content: exampleProtocol() },
  });
  expect(res.status).toBe(201);
  return bloomSchema.parse(res.body);
}

let peer: StripePeer;
let t: TestApp;
let owner: { client: SessionClient; userId: string; email: string };

async function bloomRow(id: string) {
  const [row] = await t.database.db.select().from(schema.blooms).where(eq(schema.blooms.id, id));
  return row!;
}

/** Jobs ever enqueued for an agent's stage (any state). */
async function stageJobCount(bloomId: string, stage: string): Promise<number> {
  const result = (await t.database.db.execute(
    sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name IN ('bloom-stage', 'bloom-training')
        AND data->>'bloomId' = ${bloomId} AND data->>'stage' = ${stage}`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
}

/** As if the data stages had run (nobody works the queue in this app). */
async function completeDataStages(bloomId: string): Promise<void> {
  for (const name of dataStages)
    await t.database.db
      .update(schema.bloomStages)
      .set({ status: 'completed', completedAt: new Date() })
      .where(and(eq(schema.bloomStages.bloomId, bloomId), eq(schema.bloomStages.name, name)));
}

/** Checkout for an agent: answers the session the peer made. */
async function checkout(client: SessionClient, bloomId: string) {
  const res = await client.get(`/api/payment/bloom/${bloomId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const id = /\/checkout\/([^/?]+)$/.exec(res.body.url as string)![1]!;
  return peer.sessions.get(id)!;
}

beforeAll(async () => {
  peer = await startStripePeer();
  // Nobody works the queue here: the tests look at the payment and at the jobs enqueued.
  t = await createTestApp({ env: paymentEnv(peer), workers: false });
  await listen(t, peer);
  owner = await signedInClient(t);
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});
beforeEach(() => {
  peer.requests.length = 0;
});

describe('GET /api/payment/bloom/:id (checkout)', () => {
  it('prices the agent when it is made and creates a checkout session with that price', async () => {
    const bloom = await upload(owner.client);
    expect(bloom.payment).toEqual({ status: 'not_initialized', amountCents: PRICE, currency: 'eur' });

    const res = await owner.client.get(`/api/payment/bloom/${bloom.id}`);
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(new RegExp(`^${peer.url}/checkout/cs_test_`));

    // One customer for the user, then the session: amount and currency from the server, never the client.
    expect(peer.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/customers',
      'POST /v1/checkout/sessions',
    ]);
    const [customerCall, sessionCall] = peer.requests;
    expect(customerCall!.body.email).toBe(owner.email);
    expect(customerCall!.idempotencyKey).toBeTruthy();
    expect(sessionCall!.authorization).toBe(`Bearer ${PEER_SECRET_KEY}`);
    expect(sessionCall!.idempotencyKey).toBeTruthy();
    const customerId = [...peer.customers.keys()].at(-1)!;
    expect(sessionCall!.body).toMatchObject({
      mode: 'payment',
      customer: customerId,
      client_reference_id: bloom.id,
      metadata: { bloomId: bloom.id },
      success_url: `http://greenhouse.test/agent/${bloom.id}?payment=success`,
      cancel_url: `http://greenhouse.test/agent/${bloom.id}`,
      line_items: [{ quantity: '1', price_data: { currency: 'eur', unit_amount: String(PRICE) } }],
    });
    const [user] = await t.database.db.select().from(schema.users).where(eq(schema.users.id, owner.userId));
    expect(user!.stripeCustomerId).toBe(customerId);

    const after = await owner.client.get(`/api/blooms/${bloom.id}`);
    expect(after.body.payment.status).toBe('pending');
  });

  it('offers the open session again, and makes the customer only once', async () => {
    const bloom = await upload(owner.client);
    const first = await owner.client.get(`/api/payment/bloom/${bloom.id}`);
    const second = await owner.client.get(`/api/payment/bloom/${bloom.id}`);
    expect(second.body.url).toBe(first.body.url);
    expect(peer.requests.filter((r) => r.path === '/v1/customers')).toHaveLength(0); // made by the first test
    expect(peer.requests.filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(1);
  });

  it("answers bloom.not_found for another user's agent, an unknown one and a bad id — before any provider call", async () => {
    const bloom = await upload(owner.client);
    const mallory = await signedInClient(t);
    peer.requests.length = 0;
    for (const id of [bloom.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await mallory.client.get(`/api/payment/bloom/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('bloom.not_found');
      const refresh = await mallory.client.post(`/api/payment/bloom/${id}/refresh`);
      expect(refresh.body.code).toBe('bloom.not_found');
    }
    expect(peer.requests).toEqual([]);
    expect((await bloomRow(bloom.id)).paymentStatus).toBe('not_initialized');
  });

  it('needs a signed-in user', async () => {
    for (const url of ['/api/payment/bloom/x', '/api/payment/billing-portal/url']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
    }
    expect(peer.requests).toEqual([]);
  });

  it('answers payment.already_paid for a paid agent', async () => {
    const bloom = await upload(owner.client);
    const session = await checkout(owner.client, bloom.id);
    expect((await peer.pay(session.id))!.status).toBe(200);
    peer.requests.length = 0;
    const res = await owner.client.get(`/api/payment/bloom/${bloom.id}`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('payment.already_paid');
    expect(peer.requests).toEqual([]);
  });
});

describe('POST /api/payment/webhook', () => {
  it('checkout.session.completed (paid) → paid, and the training is enqueued in the same transaction', async () => {
    const bloom = await upload(owner.client);
    await completeDataStages(bloom.id);
    const session = await checkout(owner.client, bloom.id);
    expect(await stageJobCount(bloom.id, 'training_tokenizer')).toBe(0);
    const delivery = await peer.pay(session.id);
    expect(delivery!.status).toBe(200);
    expect((await bloomRow(bloom.id)).paymentStatus).toBe('paid');
    expect(await stageJobCount(bloom.id, 'training_tokenizer')).toBe(1);
    const [payment] = await t.database.db
      .select()
      .from(schema.bloomPayments)
      .where(eq(schema.bloomPayments.sessionId, session.id));
    expect(payment).toMatchObject({
      status: 'paid',
      amountCents: PRICE,
      currency: 'eur',
      userId: owner.userId,
    });
  });

  it('paid before the data stages are done: no training job yet (the last data stage starts it)', async () => {
    const bloom = await upload(owner.client);
    const session = await checkout(owner.client, bloom.id);
    await peer.pay(session.id);
    expect((await bloomRow(bloom.id)).paymentStatus).toBe('paid');
    expect(await stageJobCount(bloom.id, 'training_tokenizer')).toBe(0);
  });

  it('completed but unpaid → processing; then async_payment_succeeded → paid', async () => {
    const bloom = await upload(owner.client);
    await completeDataStages(bloom.id);
    const session = await checkout(owner.client, bloom.id);
    await peer.pay(session.id, { paymentStatus: 'unpaid' });
    expect((await bloomRow(bloom.id)).paymentStatus).toBe('processing');
    expect(await stageJobCount(bloom.id, 'training_tokenizer')).toBe(0);
    // The user cannot start a second payment meanwhile.
    expect((await owner.client.get(`/api/payment/bloom/${bloom.id}`)).status).toBe(409);
    expect((await peer.asyncPayment(session.id, 'succeeded')).status).toBe(200);
    expect((await bloomRow(bloom.id)).paymentStatus).toBe('paid');
    expect(await stageJobCount(bloom.id, 'training_tokenizer')).toBe(1);
  });

  it('async_payment_failed → failed, and the user can pay again with a new session', async () => {
    const bloom = await upload(owner.client);
    const session = await checkout(owner.client, bloom.id);
    await peer.pay(session.id, { paymentStatus: 'unpaid' });
    await peer.asyncPayment(session.id, 'failed');
    expect((await bloomRow(bloom.id)).paymentStatus).toBe('failed');
    // A late "processing" (the refresh) does not take the failure back.
    const refreshed = await owner.client.post(`/api/payment/bloom/${bloom.id}/refresh`);
    expect(refreshed.body.payment.status).toBe('failed');
    const again = await checkout(owner.client, bloom.id);
    expect(again.id).not.toBe(session.id);
    expect((await bloomRow(bloom.id)).paymentStatus).toBe('pending');
    await peer.pay(again.id);
    expect((await bloomRow(bloom.id)).paymentStatus).toBe('paid');
  });

  it('checkout.session.expired → expired; paying again makes a new session; a late expiry of the old one changes nothing', async () => {
    const bloom = await upload(owner.client);
    const first = await checkout(owner.client, bloom.id);
    const expiredEvent = peer.event('checkout.session.expired', first.id);
    await peer.expire(first.id);
    expect((await bloomRow(bloom.id)).paymentStatus).toBe('expired');
    const second = await checkout(owner.client, bloom.id);
    expect(second.id).not.toBe(first.id);
    // Two different idempotency keys: a new attempt, not a replay.
    const keys = peer.requests.filter((r) => r.path === '/v1/checkout/sessions').map((r) => r.idempotencyKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect((await bloomRow(bloom.id)).paymentStatus).toBe('pending');
    // The old session's expiry delivered again (a new event id): the agent follows its latest session.
    expect((await peer.send({ ...expiredEvent, id: 'evt_test_late_expiry' })).status).toBe(200);
    expect((await bloomRow(bloom.id)).paymentStatus).toBe('pending');
  });

  it('answers 200 to unknown event types and ignores them', async () => {
    const bloom = await upload(owner.client);
    const session = await checkout(owner.client, bloom.id);
    const event = { ...peer.event('checkout.session.completed', session.id), type: 'customer.created' };
    const delivery = await peer.send(event);
    expect(delivery.status).toBe(200);
    expect(JSON.parse(delivery.body)).toMatchObject({ outcome: 'ignored' });
    expect((await bloomRow(bloom.id)).paymentStatus).toBe('pending');
  });

  it('refuses unsigned, tampered, stale and wrongly keyed deliveries with 400, and nothing changes', async () => {
    const bloom = await upload(owner.client);
    await completeDataStages(bloom.id);
    const session = await checkout(owner.client, bloom.id);
    session.status = 'complete';
    session.payment_status = 'paid';
    const event = peer.event('checkout.session.completed', session.id);
    const { payload, header } = peer.sign(event);
    const tampered = payload
      .replace(`"${bloom.id}"`, `"${bloom.id.replace(/.$/, '0')}"`)
      .replace('"paid"', '"paid" ');
    const stale = peer.sign(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    const wrongKey = peer.sign(event, { secret: 'whsec_someone_else' });
    const attempts = [
      await peer.deliver(payload, {}),
      await peer.deliver(payload, { 'stripe-signature': 'garbage' }),
      await peer.deliver(tampered, { 'stripe-signature': header }),
      await peer.deliver(stale.payload, { 'stripe-signature': stale.header }),
      await peer.deliver(wrongKey.payload, { 'stripe-signature': wrongKey.header }),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(400);
      expect(JSON.parse(attempt.body)).toMatchObject({ code: 'BAD_REQUEST', status: 400 });
    }
    expect((await bloomRow(bloom.id)).paymentStatus).toBe('pending');
    expect(await stageJobCount(bloom.id, 'training_tokenizer')).toBe(0);
    const events = await t.database.db
      .select()
      .from(schema.paymentEvents)
      .where(eq(schema.paymentEvents.eventId, event.id));
    expect(events).toEqual([]);
    // The genuine delivery still works afterwards.
    expect((await peer.deliver(payload, { 'stripe-signature': header })).status).toBe(200);
    expect((await bloomRow(bloom.id)).paymentStatus).toBe('paid');
  });

  it('the same event five times at once: all 2xx, one payment, one training job', async () => {
    const bloom = await upload(owner.client);
    await completeDataStages(bloom.id);
    const session = await checkout(owner.client, bloom.id);
    session.status = 'complete';
    session.payment_status = 'paid';
    const { payload, header } = peer.sign(peer.event('checkout.session.completed', session.id));
    const deliveries = await Promise.all(
      Array.from({ length: 5 }, () => peer.deliver(payload, { 'stripe-signature': header })),
    );
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200, 200, 200]);
    expect(deliveries.map((d) => JSON.parse(d.body).outcome).sort()).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'handled',
    ]);
    // And other events about the same paid session (a second completed, async succeeded) change nothing.
    await Promise.all([
      peer.send(peer.event('checkout.session.completed', session.id)),
      peer.send(peer.event('checkout.session.async_payment_succeeded', session.id)),
    ]);
    const payments = await t.database.db
      .select()
      .from(schema.bloomPayments)
      .where(eq(schema.bloomPayments.bloomId, bloom.id));
    expect(payments.map((p) => p.status)).toEqual(['paid']);
    expect(await stageJobCount(bloom.id, 'training_tokenizer')).toBe(1);
  });

  it('needs no session and no CSRF token (and ignores a session cookie)', async () => {
    const bloom = await upload(owner.client);
    const session = await checkout(owner.client, bloom.id);
    const { payload, header } = peer.sign(peer.event('checkout.session.expired', session.id));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': header,
        cookie: 'greenhouse_session=x',
      },
      payload,
    });
    expect(res.statusCode).toBe(200);
    expect((await bloomRow(bloom.id)).paymentStatus).toBe('expired');
  });
});

describe('a new version (issue 33)', () => {
  it("is priced and paid on its own: the old version's session paying late starts nothing", async () => {
    const bloom = await upload(owner.client);
    await completeDataStages(bloom.id);
    const old = await checkout(owner.client, bloom.id);
    // Version 1 waits for its payment (nothing under way): the owner trains an edited protocol instead.
    const res = await owner.client.post(`/api/blooms/${bloom.id}/versions`, {
      protocol: JSON.parse(exampleProtocol()) as unknown,
    });
    expect(res.status).toBe(201);
    expect(await bloomRow(bloom.id)).toMatchObject({
      latestVersion: 2,
      paymentStatus: 'not_initialized',
      priceCents: PRICE,
    });
    expect((await peer.pay(old.id))!.status).toBe(200);
    expect((await bloomRow(bloom.id)).paymentStatus).toBe('not_initialized');
    expect(await stageJobCount(bloom.id, 'training_tokenizer')).toBe(0);

    await completeDataStages(bloom.id);
    const session = await checkout(owner.client, bloom.id);
    expect(session.metadata).toMatchObject({ bloomId: bloom.id, version: '2' });
    await peer.pay(session.id);
    expect((await bloomRow(bloom.id)).paymentStatus).toBe('paid');
    const jobs = (await t.database.db.execute(
      sql`SELECT data->>'version' AS version FROM pgboss.job WHERE name = 'bloom-training'
          AND data->>'bloomId' = ${bloom.id} AND data->>'stage' = 'training_tokenizer'`,
    )) as unknown as { rows: { version: string }[] };
    expect(jobs.rows.map((r) => r.version)).toEqual(['2']);
  });
});

describe('POST /api/payment/bloom/:id/refresh (the success redirect)', () => {
  it('reads the session from the provider and applies it when the webhook has not come', async () => {
    const bloom = await upload(owner.client);
    await completeDataStages(bloom.id);
    const session = await checkout(owner.client, bloom.id);
    // Still open at the provider: nothing changes.
    let res = await owner.client.post(`/api/payment/bloom/${bloom.id}/refresh`);
    expect(res.status).toBe(200);
    expect(res.body.payment.status).toBe('pending');
    await peer.pay(session.id, { webhook: false });
    res = await owner.client.post(`/api/payment/bloom/${bloom.id}/refresh`);
    expect(res.status).toBe(200);
    expect(bloomSchema.parse(res.body).payment.status).toBe('paid');
    expect(res.body.id).toBe(bloom.id);
    expect(peer.requests.filter((r) => r.method === 'GET').map((r) => r.path)).toEqual([
      `/v1/checkout/sessions/${session.id}`,
      `/v1/checkout/sessions/${session.id}`,
    ]);
    expect(await stageJobCount(bloom.id, 'training_tokenizer')).toBe(1);
    // The webhook arriving late costs nothing.
    expect((await peer.send(peer.event('checkout.session.completed', session.id))).status).toBe(200);
    expect(await stageJobCount(bloom.id, 'training_tokenizer')).toBe(1);
  });

  it('answers payment.not_initialized for an agent with no checkout session', async () => {
    const bloom = await upload(owner.client);
    const res = await owner.client.post(`/api/payment/bloom/${bloom.id}/refresh`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('payment.not_initialized');
    expect(peer.requests).toEqual([]);
  });
});

describe('GET /api/payment/billing-portal/url', () => {
  it('answers payment.customer_not_found for a user who never paid, and the portal URL for one who did', async () => {
    const newcomer = await signedInClient(t);
    const none = await newcomer.client.get('/api/payment/billing-portal/url');
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('payment.customer_not_found');
    expect(peer.requests).toEqual([]);

    const res = await owner.client.get('/api/payment/billing-portal/url');
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(new RegExp(`^${peer.url}/billing/bps_test_`));
    const [call] = peer.requests;
    expect(call).toMatchObject({ method: 'POST', path: '/v1/billing_portal/sessions' });
    const [user] = await t.database.db.select().from(schema.users).where(eq(schema.users.id, owner.userId));
    expect(call!.body).toMatchObject({
      customer: user!.stripeCustomerId,
      return_url: 'http://greenhouse.test/',
    });
    expect((await fetch(res.body.url as string)).status).toBe(200);
  });
});

describe('a price that is now 0', () => {
  it('frees the agents nobody paid for, and keeps those whose payment may still be moving', async () => {
    const waiting = await upload(owner.client);
    await completeDataStages(waiting.id);
    const moving = await upload(owner.client);
    await checkout(owner.client, moving.id);
    const paidBefore = await upload(owner.client);
    await peer.pay((await checkout(owner.client, paidBefore.id)).id);

    // A price above 0 changes nothing.
    expect(
      await freeUnpaidBlooms(t.database.db, t.queue, { priceCents: 900, providerConfigured: true }),
    ).toBe(0);
    const freed = await freeUnpaidBlooms(t.database.db, t.queue, { priceCents: 0, providerConfigured: true });
    expect(freed).toBeGreaterThanOrEqual(1);
    expect(await bloomRow(waiting.id)).toMatchObject({ paymentStatus: 'paid', priceCents: 0 });
    expect(await stageJobCount(waiting.id, 'training_tokenizer')).toBe(1);
    expect(await bloomRow(moving.id)).toMatchObject({ paymentStatus: 'pending', priceCents: PRICE });
    expect(await bloomRow(paidBefore.id)).toMatchObject({ paymentStatus: 'paid', priceCents: PRICE });
    // Without a provider nothing can finish a pending payment: free as well.
    await freeUnpaidBlooms(t.database.db, t.queue, { priceCents: 0, providerConfigured: false });
    expect(await bloomRow(moving.id)).toMatchObject({ paymentStatus: 'paid', priceCents: 0 });
  });
});

describe('the whole way, with workers (tiny training)', () => {
  it(
    'upload → Ready → checkout page → Pay → success redirect → refresh → trained',
    { timeout: 180_000 },
    async () => {
      const wayPeer = await startStripePeer();
      const app = await createTestApp({ env: paymentEnv(wayPeer) });
      try {
        await listen(app, wayPeer);
        const { client } = await signedInClient(app);
        const bloom = await upload(client);
        // The data stages run; training waits for the payment.
        const ready = await pollBloom(
          async () => (await client.get(`/api/blooms/${bloom.id}`)).body,
          (b) => b.dataset.status === 'ready',
          60_000,
        );
        expect(ready.payment.status).toBe('not_initialized');
        expect(ready.stages.slice(3).map((s) => s.status)).toEqual([
          'pending',
          'pending',
          'pending',
          'pending',
        ]);

        const { url } = (await client.get(`/api/payment/bloom/${bloom.id}`)).body as { url: string };
        const page = await fetch(url);
        expect(page.status).toBe(200);
        const html = await page.text();
        expect(html).toContain('<button type="submit">Pay</button>');
        expect(html).toContain('7.00 EUR');
        const action = /action="([^"]+)"/.exec(html)![1]!;
        const paid = await fetch(new URL(action, url), { method: 'POST', redirect: 'manual' });
        expect(paid.status).toBe(303);
        expect(paid.headers.get('location')).toBe(`http://greenhouse.test/agent/${bloom.id}?payment=success`);
        expect(wayPeer.deliveries.map((d) => [d.type, d.status])).toEqual([
          ['checkout.session.completed', 200],
        ]);

        const refreshed = await client.post(`/api/payment/bloom/${bloom.id}/refresh`);
        expect(refreshed.body.payment).toEqual({ status: 'paid', amountCents: PRICE, currency: 'eur' });
        const trained = await pollBloom(
          async () => (await client.get(`/api/blooms/${bloom.id}`)).body,
          (b) => b.dataset.model.status === 'completed' || b.stages.some((s) => s.status === 'failed'),
        );
        expect(trained.stages.map((s) => s.status)).toEqual(Array(7).fill('completed'));
        expect(trained.downloadURL).toBe(`/api/blooms/${bloom.id}/download`);
      } finally {
        await app.close();
        await wayPeer.close();
      }
    },
  );
});

describe('configuration', () => {
  it('stops the server when a price above 0 has no payment provider', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gh-pay-'));
    try {
      const server = startServerProcess({ DATA_DIR: dataDir, AGENT_PRICE_CENTS: '500' });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('Invalid configuration');
      expect(server.output()).toContain('AGENT_PRICE_CENTS: a price above 0 needs the payment provider');
      expect(server.output()).not.toMatch(/\n\s+at /);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
