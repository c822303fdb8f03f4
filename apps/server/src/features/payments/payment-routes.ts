import { bloomSchema, urlResponseSchema } from '@greenhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../lib/owned-item-routes.js';
import type { RouteDocs } from '../../lib/route-docs.js';
import { webhookOutcomes, type PaymentService } from './payment-service.js';

/** Calls that reach the payment provider: bounded like the other writes. */
const PROVIDER_RATE = { max: 30, timeWindow: '1 minute' };
/** The largest webhook body taken (Stripe's checkout session events are a few kilobytes). */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

const webhookDocs: RouteDocs = {
  summary: "The payment provider's events (Stripe), checked by their Stripe-Signature header",
  body: { 'application/json': z.record(z.string(), z.unknown()).meta({ description: 'A Stripe event' }) },
  response: {
    200: {
      description: 'Taken: handled, already handled, or of no interest',
      content: {
        'application/json': z.object({
          received: z.literal(true),
          outcome: z.enum(webhookOutcomes),
        }),
      },
    },
  },
};

/** The signed-in user's payment calls (registered behind the `signedIn` guard). */
export const paymentRoutes: FastifyPluginAsyncZod<{ payments: PaymentService }> = async (
  app,
  { payments },
) => {
  app.get(
    '/payment/bloom/:id',
    {
      schema: { params: idParams, response: { 200: urlResponseSchema } },
      config: { rateLimit: PROVIDER_RATE },
    },
    async (request) => payments.checkout(request.user, request.params.id),
  );

  app.post(
    '/payment/bloom/:id/refresh',
    { schema: { params: idParams, response: { 200: bloomSchema } }, config: { rateLimit: PROVIDER_RATE } },
    async (request) => payments.refresh(request.user, request.params.id),
  );

  app.get(
    '/payment/billing-portal/url',
    { schema: { response: { 200: urlResponseSchema } }, config: { rateLimit: PROVIDER_RATE } },
    async (request) => payments.billingPortal(request.user),
  );
};

/**
 * POST /payment/webhook, in a scope of its own (app.ts registers it beside the API's, not inside it): the
 * provider has no session and no CSRF token — its `Stripe-Signature` over the exact bytes is the check, so
 * the body is kept as it came (a Buffer, whatever its content type) for the service to verify and parse.
 */
export const paymentWebhookRoutes: FastifyPluginAsyncZod<{ payments: PaymentService }> = async (
  app,
  { payments },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/payment/webhook',
    { bodyLimit: WEBHOOK_BODY_LIMIT, config: { openapi: webhookDocs } },
    async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      const outcome = await payments.webhook(body, typeof signature === 'string' ? signature : undefined);
      return reply.status(200).send({ received: true, outcome });
    },
  );
};
