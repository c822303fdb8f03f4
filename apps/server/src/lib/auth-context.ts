import type { schema } from '@greenhouse/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

/**
 * Who is asking: the user and session types, the request's auth context and the route guards.
 * Features and plugins depend on this module; it depends on no feature. plugins/auth-context.ts
 * fills `request.auth` for every API request; features/auth makes and ends sessions.
 */

export type UserRow = typeof schema.users.$inferSelect;

export type SignInMethod = 'password' | 'google';

export interface ActiveSession {
  tokenHash: string;
  user: UserRow;
  /** When it was signed in, and how (deleting a Google-only account asks for a fresh Google sign-in). */
  createdAt: Date;
  signedInWith: SignInMethod;
}

/** Who is signing in: kept with the session for the user's list of their sessions. */
export interface SignInClient {
  userAgent?: string | undefined;
  address?: string | undefined;
}

export function signInClient(request: FastifyRequest): SignInClient {
  return { userAgent: request.headers['user-agent'], address: request.ip };
}

export type SessionLookup = { session: ActiveSession } | { expired: true } | null;

/** What the auth context needs of the session store (features/auth/sessions.ts). */
export interface SessionFinder {
  find(token: string): Promise<SessionLookup>;
}

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
    /** The signed-in user: read it only on routes behind `signedIn` or `adminOnly`. */
    user: UserRow;
  }
}

/**
 * Guard (a preHandler hook) of routes for signed-in users; a 401 tells an ended session from none.
 * A preHandler, not onRequest, so that the CSRF check (a preHandler registered on the whole API)
 * and request validation still come first, as when each handler checked for itself.
 */
export async function signedIn(request: FastifyRequest): Promise<void> {
  if (!request.auth.session)
    throw new AppError(request.auth.expired ? 'authorization.session_expired' : 'authorization.unauthorized');
}

/** Guard of admin routes: anyone else gets 403 (checked on the server, whatever the client shows). */
export async function adminOnly(request: FastifyRequest): Promise<void> {
  await signedIn(request);
  if (request.user.role !== 'admin') throw new AppError('access.forbidden');
}

export interface SessionCookieOptions {
  cookieName: string;
  secureCookies: boolean;
}

export function setSessionCookie(reply: FastifyReply, options: SessionCookieOptions, token: string): void {
  void reply.setCookie(options.cookieName, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secureCookies,
  });
}

export function clearSessionCookie(reply: FastifyReply, options: SessionCookieOptions): void {
  void reply.clearCookie(options.cookieName, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secureCookies,
  });
}
