import { accountSessionListResponseSchema } from '@greenhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  anonymous,
  clearSessionCookie,
  currentSession,
  sessionOnly,
  type SessionCookieOptions,
} from '../../lib/auth-context.js';
import { idParams } from '../../lib/owned-item-routes.js';
import type { SessionStore } from '../auth/sessions.js';
import { deviceName } from './device-name.js';
import { noContent } from '../../lib/route-docs.js';

export interface SessionRoutesOptions {
  sessions: SessionStore;
  cookies: SessionCookieOptions;
}

/**
 * The signed-in user's own sessions (behind signedIn, app.ts). Session requests only
 * (`sessionOnly`): an API token may not see or end its owner's sessions.
 */
export const sessionRoutes: FastifyPluginAsyncZod<SessionRoutesOptions> = async (app, options) => {
  const { sessions } = options;
  app.addHook('preValidation', sessionOnly);

  app.get(
    '/account/sessions',
    { schema: { response: { 200: accountSessionListResponseSchema } } },
    async (request) => {
      const current = currentSession(request).tokenHash;
      const rows = await sessions.listLive(request.user.id);
      return {
        // The public id only: the token hash never leaves the server.
        sessions: rows.map((row) => ({
          id: row.id,
          device: deviceName(row.userAgent),
          address: row.address,
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          current: row.tokenHash === current,
        })),
      };
    },
  );

  app.delete(
    '/account/sessions/:id',
    { schema: { params: idParams }, config: { openapi: noContent('The session is ended') } },
    async (request, reply) => {
      const ended = await sessions.revokeById(request.user.id, request.params.id);
      if (ended === currentSession(request).tokenHash) {
        // Ending this very session signs this client out; the CSRF hook then issues an anonymous token.
        clearSessionCookie(reply, options.cookies);
        request.auth = anonymous();
      }
      return reply.status(204).send();
    },
  );

  /** Signs out everywhere else. */
  app.delete(
    '/account/sessions',
    { config: { openapi: noContent('Every other session is ended') } },
    async (request, reply) => {
      await sessions.revokeAll(request.user.id, currentSession(request).tokenHash);
      return reply.status(204).send();
    },
  );
};
