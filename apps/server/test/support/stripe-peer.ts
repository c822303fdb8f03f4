// A local server of ours that speaks Stripe's HTTP API for the calls Greenhouse makes (customers.create,
// checkout.sessions.create and retrieve, billingPortal.sessions.create), and plays Stripe's hosted pages:
// GET /checkout/:id is a small checkout page whose Pay button marks the session paid, sends a really signed
// `checkout.session.completed` webhook to the app and redirects to the session's success_url; GET
// /billing/:id is the billing portal. Tests can also send any other event, signed or not.
//
// No vitest here: the browser tests' global setup starts it too (node:http and the stripe SDK only).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const PEER_WEBHOOK_SECRET = 'whsec_test_greenhouse_peer';
export const PEER_SECRET_KEY = 'sk_test_greenhouse_peer';

/** One API request the peer received (the hosted pages are not recorded). */
export interface PeerRequest {
  method: string;
  path: string;
  /** The form-encoded body, nested as Stripe reads it (`a[b][0]=x` → {a: {b: ['x']}}). */
  body: Record<string, unknown>;
  idempotencyKey: string | null;
  authorization: string | null;
}

export interface PeerSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  customer: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  payment_intent: string | null;
}

export interface PeerEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  data: { object: PeerSession };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
}

export interface Delivery {
  status: number;
  body: string;
}

export type WebhookEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired'
  | (string & {});

export interface StripePeer {
  /** The API's base URL, for STRIPE_API_URL. */
  url: string;
  webhookSecret: string;
  /** Where events are sent (the app's /api/payment/webhook); set once the app listens. */
  webhookUrl: string | null;
  requests: PeerRequest[];
  sessions: Map<string, PeerSession>;
  customers: Map<string, Record<string, unknown>>;
  /** Webhook deliveries made, in order, with the app's answers. */
  deliveries: (Delivery & { eventId: string; type: string })[];
  /** Changes a session as the provider would and (unless `webhook: false`) delivers the matching event. */
  pay(
    sessionId: string,
    options?: { paymentStatus?: 'paid' | 'unpaid'; webhook?: boolean },
  ): Promise<Delivery | null>;
  expire(sessionId: string, options?: { webhook?: boolean }): Promise<Delivery | null>;
  asyncPayment(sessionId: string, outcome: 'succeeded' | 'failed'): Promise<Delivery>;
  /** An event about a session as it is now (not sent). */
  event(type: WebhookEventType, sessionId: string): PeerEvent;
  /** The body and a valid `Stripe-Signature` header for an event (signed now, or at `timestamp`). */
  sign(
    event: unknown,
    options?: { timestamp?: number; secret?: string },
  ): { payload: string; header: string };
  /** Posts a body with these headers to the webhook URL. */
  deliver(payload: string, headers: Record<string, string>): Promise<Delivery>;
  /** Signs and posts an event. */
  send(event: unknown): Promise<Delivery>;
  close(): Promise<void>;
}

const now = () => Math.floor(Date.now() / 1000);
const randomId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** Stripe's form encoding read back into nested objects and arrays. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const slot = node as Record<string, unknown>;
      if (last) {
        slot[part] = value;
        return;
      }
      if (slot[part] === undefined) slot[part] = /^\d+$/.test(parts[i + 1]!) ? [] : {};
      node = slot[part] as Record<string, unknown>;
    });
  }
  return root;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': randomId('req') });
  res.end(JSON.stringify(body));
}

const missing = (res: ServerResponse, what: string) =>
  json(res, 404, {
    error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
  });

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export async function startStripePeer(
  options: { webhookUrl?: string; webhookSecret?: string; host?: string } = {},
): Promise<StripePeer> {
  const host = options.host ?? '127.0.0.1';
  const stripe = new Stripe(PEER_SECRET_KEY);
  const idempotent = new Map<string, { status: number; body: unknown }>();
  let base = '';

  const peer: StripePeer = {
    url: '',
    webhookSecret: options.webhookSecret ?? PEER_WEBHOOK_SECRET,
    webhookUrl: options.webhookUrl ?? null,
    requests: [],
    sessions: new Map(),
    customers: new Map(),
    deliveries: [],
    event(type, sessionId) {
      const session = peer.sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      return {
        id: randomId('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: now(),
        type,
        data: { object: structuredClone(session) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      };
    },
    sign(event, signOptions = {}) {
      const payload = JSON.stringify(event, null, 2);
      const header = stripe.webhooks.generateTestHeaderString({
        payload,
        secret: signOptions.secret ?? peer.webhookSecret,
        ...(signOptions.timestamp !== undefined ? { timestamp: signOptions.timestamp } : {}),
      });
      return { payload, header };
    },
    async deliver(payload, headers) {
      if (!peer.webhookUrl) throw new Error('the peer has no webhook URL');
      const res = await fetch(peer.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0',
          ...headers,
        },
        body: payload,
      });
      return { status: res.status, body: await res.text() };
    },
    async send(event) {
      const { payload, header } = peer.sign(event);
      const delivery = await peer.deliver(payload, { 'stripe-signature': header });
      const { id, type } = event as { id: string; type: string };
      peer.deliveries.push({ ...delivery, eventId: id, type });
      return delivery;
    },
    async pay(sessionId, payOptions = {}) {
      const session = peer.sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = 'complete';
      session.payment_status = payOptions.paymentStatus ?? 'paid';
      session.payment_intent = randomId('pi');
      if (payOptions.webhook === false) return null;
      return peer.send(peer.event('checkout.session.completed', sessionId));
    },
    async expire(sessionId, expireOptions = {}) {
      const session = peer.sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = 'expired';
      session.url = null;
      if (expireOptions.webhook === false) return null;
      return peer.send(peer.event('checkout.session.expired', sessionId));
    },
    async asyncPayment(sessionId, outcome) {
      const session = peer.sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      if (outcome === 'succeeded') session.payment_status = 'paid';
      return peer.send(peer.event(`checkout.session.async_payment_${outcome}`, sessionId));
    },
    close: async () => {},
  };

  async function api(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const text = await readBody(req);
    const body = req.method === 'POST' ? parseStripeForm(text) : {};
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    peer.requests.push({
      method: req.method ?? '',
      path,
      body,
      idempotencyKey,
      authorization: (req.headers.authorization as string | undefined) ?? null,
    });
    // As Stripe does: a repeated key answers the first answer again.
    const replayKey = idempotencyKey && `${req.method} ${path} ${idempotencyKey}`;
    if (replayKey && idempotent.has(replayKey)) {
      const first = idempotent.get(replayKey)!;
      res.setHeader('idempotent-replayed', 'true');
      return json(res, first.status, first.body);
    }
    const answer = (status: number, answerBody: unknown) => {
      if (replayKey) idempotent.set(replayKey, { status, body: answerBody });
      json(res, status, answerBody);
    };

    if (req.method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: randomId('cus'),
        object: 'customer',
        created: now(),
        email: body.email ?? null,
        name: body.name ?? null,
        metadata: body.metadata ?? {},
        livemode: false,
      };
      peer.customers.set(customer.id, customer);
      return answer(200, customer);
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const items = (body.line_items as { quantity?: string; price_data?: Record<string, unknown> }[]) ?? [];
      const amount = items.reduce(
        (sum, item) => sum + Number(item.price_data?.unit_amount ?? 0) * Number(item.quantity ?? 1),
        0,
      );
      const id = randomId('cs');
      const session: PeerSession = {
        id,
        object: 'checkout.session',
        mode: String(body.mode ?? 'payment'),
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount,
        amount_subtotal: amount,
        currency: String(items[0]?.price_data?.currency ?? 'usd'),
        customer: (body.customer as string | undefined) ?? null,
        client_reference_id: (body.client_reference_id as string | undefined) ?? null,
        metadata: (body.metadata as Record<string, string> | undefined) ?? {},
        success_url: String(body.success_url ?? ''),
        cancel_url: (body.cancel_url as string | undefined) ?? null,
        url: `${base}/checkout/${id}`,
        created: now(),
        expires_at: now() + 24 * 3600,
        livemode: false,
        payment_intent: null,
      };
      peer.sessions.set(id, session);
      return answer(200, session);
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && sessionPath) {
      const session = peer.sessions.get(decodeURIComponent(sessionPath[1]!));
      return session ? answer(200, session) : missing(res, 'checkout.session');
    }
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = String(body.customer ?? '');
      if (!peer.customers.has(customer)) return missing(res, `customer: '${customer}'`);
      const id = randomId('bps');
      return answer(200, {
        id,
        object: 'billing_portal.session',
        created: now(),
        customer,
        livemode: false,
        return_url: body.return_url ?? null,
        url: `${base}/billing/${id}?customer=${encodeURIComponent(customer)}`,
      });
    }
    return json(res, 404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` },
    });
  }

  function page(res: ServerResponse, title: string, content: string): void {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
        `<body><main>${content}</main></body></html>`,
    );
  }

  async function hosted(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const checkout = /^\/checkout\/([^/]+)(\/pay)?$/.exec(path);
    if (checkout) {
      const session = peer.sessions.get(decodeURIComponent(checkout[1]!));
      if (!session) return void json(res, 404, { error: { message: 'No such checkout session' } });
      if (req.method === 'GET' && !checkout[2]) {
        const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
        if (session.status !== 'open')
          return page(res, 'Checkout', `<h1>This checkout session is ${escapeHtml(session.status)}</h1>`);
        return page(
          res,
          'Checkout',
          `<h1>Pay ${escapeHtml(amount)}</h1>` +
            `<form method="post" action="/checkout/${encodeURIComponent(session.id)}/pay">` +
            `<button type="submit">Pay</button></form>` +
            (session.cancel_url ? `<a href="${escapeHtml(session.cancel_url)}">Cancel</a>` : ''),
        );
      }
      if (req.method === 'POST' && checkout[2]) {
        await readBody(req);
        if (session.status !== 'open')
          return void json(res, 409, { error: { message: `The session is ${session.status}` } });
        // The webhook first, as Stripe usually manages; the app's refresh covers a late one.
        await peer.pay(session.id);
        res.writeHead(303, { location: session.success_url });
        return void res.end();
      }
    }
    const billing = /^\/billing\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && billing) {
      return page(res, 'Billing', '<h1>Purchase history</h1>');
    }
    res.writeHead(404).end();
  }

  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://peer').pathname;
    const handle = path.startsWith('/v1/') ? api(req, res, path) : hosted(req, res, path);
    handle.catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { error: { type: 'api_error', message: String(error) } });
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://${host}:${port}`;
  peer.url = base;
  peer.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return peer;
}
