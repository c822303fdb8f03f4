import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';
import type { ActiveSession, SessionStore, UserRow } from '../features/auth/sessions.js';

export interface AuthContext {
  session: ActiveSession | null;
  /** How the token came: the browser's cookie or an API client's bearer header. */
  via: 'cookie' | 'bearer' | null;
  /** A token was sent but its session has ended. */
  expired: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext;
  }
}

export interface AuthContextOptions {
  sessions: SessionStore;
  cookieName: string;
  secureCookies: boolean;
}

/** Resolves the session of every API request from its cookie or bearer token. */
export const authContextPlugin = fp(async (app: FastifyInstance, options: AuthContextOptions) => {
  app.decorateRequest('auth', null as unknown as AuthContext);
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

export function setSessionCookie(reply: FastifyReply, options: AuthContextOptions, token: string): void {
  void reply.setCookie(options.cookieName, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secureCookies,
  });
}

export function clearSessionCookie(reply: FastifyReply, options: AuthContextOptions): void {
  void reply.clearCookie(options.cookieName, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secureCookies,
  });
}

/** The signed-in user, or a 401 that tells an ended session from no session. */
export function requireUser(request: FastifyRequest): UserRow {
  const session = request.auth.session;
  if (!session)
    throw new AppError(request.auth.expired ? 'authorization.session_expired' : 'authorization.unauthorized');
  return session.user;
}

/** The signed-in admin; anyone else gets 403 (checked on the server, whatever the client shows). */
export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (user.role !== 'admin') throw new AppError('access.forbidden');
  return user;
}
