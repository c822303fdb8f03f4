import type { schema } from '@greenhouse/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

/**
 * Who is asking: the user and session types, the request's auth context and the route guards.
 * Features and plugins depend on this module; it depends on no feature. plugins/request-auth.ts
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

/** A personal API token (`gh_…`) a request came with: its owner's rights, but no session. */
export interface ActiveApiToken {
  id: string;
  user: UserRow;
}

/** Expired tokens are told apart from unknown ones, as ended sessions are. */
export type ApiTokenLookup = { apiToken: ActiveApiToken } | { expired: true } | null;

/** What the auth context needs of the API token store (features/api-tokens/api-token-store.ts). */
export interface ApiTokenFinder {
  find(token: string): Promise<ApiTokenLookup>;
}

/**
 * Who is asking and with what: a session (cookie, or its token as a bearer) or a personal API token
 * (bearer only), never both. `session` stays null on a token request: nothing session-bound (the CSRF
 * binding, "every other session") can be read from a token.
 */
export interface AuthContext {
  session: ActiveSession | null;
  apiToken: ActiveApiToken | null;
  /**
   * How the token came: the browser's cookie or an API client's bearer header — 'bearer' also for a bearer
   * that resolved to no one (session and apiToken null), as no browser sends one on its own: no CSRF check.
   */
  via: 'cookie' | 'bearer' | null;
  /** A token was sent but its session (or the API token) has ended. */
  expired: boolean;
}

export const anonymous = (): AuthContext => ({ session: null, apiToken: null, via: null, expired: false });

/** The signed-in user of a request, whichever credential it came with; null if none. */
export function authUser(auth: AuthContext): UserRow | null {
  return auth.session?.user ?? auth.apiToken?.user ?? null;
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
 * A preHandler, not onRequest, so that request validation still comes first, as when each handler
 * checked for itself. The CSRF check needs no ordering here: it is an onRequest hook on the whole API
 * (plugins/csrf.ts), so an unsafe request without its token is refused before body, validation or guard.
 */
export async function signedIn(request: FastifyRequest): Promise<void> {
  if (!authUser(request.auth))
    throw new AppError(request.auth.expired ? 'authorization.session_expired' : 'authorization.unauthorized');
}

/**
 * Guard of the calls that manage credentials (sessions, API tokens, the password, deleting the
 * account): a personal API token gets 403, so a leaked token cannot mint more tokens, end its
 * owner's sessions or lock them out. Anyone else passes on to `signedIn`. A preValidation hook, so
 * a token is refused before its body is looked at.
 */
export async function sessionOnly(request: FastifyRequest): Promise<void> {
  if (request.auth.apiToken) throw new AppError('access.forbidden');
}

/** The session of a request behind `signedIn` and `sessionOnly` (an API token request has none: 403). */
export function currentSession(request: FastifyRequest): ActiveSession {
  if (!request.auth.session) throw new AppError('access.forbidden');
  return request.auth.session;
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
