import {
  apiTokenListResponseSchema,
  createApiTokenRequestSchema,
  createdApiTokenSchema,
  type ApiToken,
} from '@greenhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOnly } from '../../lib/auth-context.js';
import { idParams } from '../../lib/owned-item-routes.js';
import { perUserRate } from '../../lib/per-user-rate.js';
import type { ApiTokenRow, ApiTokenStore } from './api-token-store.js';
import { noContent } from '../../lib/route-docs.js';

/** Never the token or its hash: those are seen once, in the answer to their creation. */
const present = (row: ApiTokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * The signed-in user's personal API tokens (behind signedIn, app.ts). Managed from a session only:
 * a token cannot list, mint or revoke tokens (lib/auth-context.ts `sessionOnly`).
 */
export const apiTokenRoutes: FastifyPluginAsyncZod<{ apiTokens: ApiTokenStore }> = async (
  app,
  { apiTokens },
) => {
  app.addHook('preValidation', sessionOnly);

  app.post(
    '/account/tokens',
    {
      schema: { body: createApiTokenRequestSchema, response: { 201: createdApiTokenSchema } },
      config: { rateLimit: perUserRate(10, '1 hour') },
    },
    async (request, reply) => {
      const { row, token } = await apiTokens.create(request.user.id, request.body);
      return reply.status(201).send({ ...present(row), token });
    },
  );

  app.get(
    '/account/tokens',
    { schema: { response: { 200: apiTokenListResponseSchema } } },
    async (request) => ({
      tokens: (await apiTokens.list(request.user.id)).map(present),
    }),
  );

  app.delete(
    '/account/tokens/:id',
    { schema: { params: idParams }, config: { openapi: noContent('The token is revoked') } },
    async (request, reply) => {
      await apiTokens.revoke(request.user.id, request.params.id);
      return reply.status(204).send();
    },
  );
};
