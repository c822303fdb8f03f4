import { API_TOKEN_PREFIX } from '@greenhouse/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  anonymous,
  authUser,
  clearSessionCookie,
  type ApiTokenFinder,
  type AuthContext,
  type SessionCookieOptions,
  type SessionFinder,
} from '../lib/auth-context.js';

export interface AuthContextOptions extends SessionCookieOptions {
  sessions: SessionFinder;
  apiTokens: ApiTokenFinder;
}

/**
 * Resolves who is asking for every API request (types: lib/auth-context.ts): the session of its
 * cookie, or its bearer token — a personal API token when it starts with `gh_` and is one, else a
 * session token.
 */
export const authContextPlugin = fp(async (app: FastifyInstance, options: AuthContextOptions) => {
  app.decorateRequest('auth', null as unknown as AuthContext);
  // A getter, so that a route someone forgot to guard fails (500) instead of running without a user.
  app.decorateRequest('user', {
    getter(this: FastifyRequest) {
      const user = authUser(this.auth);
      if (!user) throw new Error('request.user read on a route without the signedIn guard');
      return user;
    },
  });
  app.addHook('onRequest', async (request, reply) => {
    const cookieToken = request.cookies[options.cookieName];
    const bearer = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(request.headers.authorization ?? '')?.[1];
    request.auth = anonymous();
    if (!cookieToken && bearer?.startsWith(API_TOKEN_PREFIX)) {
      const found = await options.apiTokens.find(bearer);
      if (found && 'apiToken' in found) {
        request.auth = { ...anonymous(), apiToken: found.apiToken, via: 'bearer' };
        return;
      }
      if (found) {
        request.auth = { ...anonymous(), via: 'bearer', expired: true };
        return;
      }
      // No such API token: a session token may begin with `gh_` by chance (1 in 64³), so try it as one.
    }
    const token = cookieToken ?? bearer;
    if (!token) return;
    const found = await options.sessions.find(token);
    if (found && 'session' in found) {
      request.auth = { ...anonymous(), session: found.session, via: cookieToken ? 'cookie' : 'bearer' };
      return;
    }
    request.auth.expired = found !== null;
    if (cookieToken) clearSessionCookie(reply, options);
    // A bearer that is no one's (unknown, revoked, expired, its owner deactivated) is still an API client's
    // request, never a forged browser one: no CSRF check, so the guard answers it 401 on unsafe calls too.
    else request.auth.via = 'bearer';
  });
});
