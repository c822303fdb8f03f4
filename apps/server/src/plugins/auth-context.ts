import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  clearSessionCookie,
  type AuthContext,
  type SessionCookieOptions,
  type SessionFinder,
} from '../lib/auth-context.js';

export interface AuthContextOptions extends SessionCookieOptions {
  sessions: SessionFinder;
}

/** Resolves the session of every API request from its cookie or bearer token (types: lib/auth-context.ts). */
export const authContextPlugin = fp(async (app: FastifyInstance, options: AuthContextOptions) => {
  app.decorateRequest('auth', null as unknown as AuthContext);
  // A getter, so that a route someone forgot to guard fails (500) instead of running without a user.
  app.decorateRequest('user', {
    getter(this: FastifyRequest) {
      const session = this.auth.session;
      if (!session) throw new Error('request.user read on a route without the signedIn guard');
      return session.user;
    },
  });
  app.addHook('onRequest', async (request, reply) => {
    const cookieToken = request.cookies[options.cookieName];
    const bearer = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(request.headers.authorization ?? '')?.[1];
    const token = cookieToken ?? bearer;
    request.auth = { session: null, via: null, expired: false };
    if (!token) return;
    const found = await options.sessions.find(token);
    if (found && 'session' in found) {
      request.auth = { session: found.session, via: cookieToken ? 'cookie' : 'bearer', expired: false };
      return;
    }
    request.auth.expired = found !== null;
    if (cookieToken) clearSessionCookie(reply, options);
  });
});
