import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminOnly,
  signedIn,
  type SessionFinder,
  type SessionLookup,
  type UserRow,
} from '../src/lib/auth-context.js';
import { authContextPlugin } from '../src/plugins/request-auth.js';
import { csrfPlugin } from '../src/plugins/csrf.js';
import { errorHandlerPlugin } from '../src/plugins/error-handler.js';

// The guards on a tiny app of their own (the admin panel has no routes yet): the real plugins in the
// real order (auth context, CSRF), with sessions from a stub store.
const COOKIE = 'greenhouse_session';
const tokens = {
  user: 'user-token-0123456789abcdef',
  admin: 'admin-token-0123456789abcdef',
  expired: 'expired-token-0123456789abcdef',
};
const userRow = (id: string, role: UserRow['role']) => ({ id, role }) as UserRow;
const session = (tokenHash: string, user: UserRow) => ({
  tokenHash,
  user,
  createdAt: new Date(),
  signedInWith: 'password' as const,
});
const sessions: SessionFinder = {
  async find(token): Promise<SessionLookup> {
    if (token === tokens.user) return { session: session('u', userRow('u1', 'user')) };
    if (token === tokens.admin) return { session: session('a', userRow('a1', 'admin')) };
    if (token === tokens.expired) return { expired: true };
    return null;
  },
};

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ logger: false });
  await app.register(errorHandlerPlugin);
  await app.register(fastifyCookie);
  // API tokens have their tests through the whole app (api-tokens.test.ts): none here.
  const apiTokens = { find: async () => null };
  await app.register(authContextPlugin, { sessions, apiTokens, cookieName: COOKIE, secureCookies: false });
  await app.register(csrfPlugin, { secret: 'test-secret', secureCookies: false });
  app.get('/admin/probe', { preHandler: adminOnly }, async (request) => ({ id: request.user.id }));
  app.post('/probe', { preHandler: signedIn }, async (request) => ({ id: request.user.id }));
  app.get('/unguarded', async (request) => ({ id: request.user.id }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('the admin guard', () => {
  it('answers 403 access.forbidden to a signed-in user who is not an admin', async () => {
    const res = await app.inject({ method: 'GET', url: '/admin/probe', headers: bearer(tokens.user) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('access.forbidden');
  });

  it('lets an admin through, and answers 401 to no session or an ended one', async () => {
    const admin = await app.inject({ method: 'GET', url: '/admin/probe', headers: bearer(tokens.admin) });
    expect(admin.json()).toEqual({ id: 'a1' });
    const anonymous = await app.inject({ method: 'GET', url: '/admin/probe' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('authorization.unauthorized');
    const expired = await app.inject({ method: 'GET', url: '/admin/probe', headers: bearer(tokens.expired) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('authorization.session_expired');
  });
});

describe('the signed-in guard', () => {
  it('runs after the CSRF check: an unsafe request without the token is refused as CSRF first', async () => {
    const anonymous = await app.inject({ method: 'POST', url: '/probe' });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().code).toBe('CSRF_INVALID');
    const withCookie = await app.inject({
      method: 'POST',
      url: '/probe',
      cookies: { [COOKIE]: tokens.user },
    });
    expect(withCookie.json().code).toBe('CSRF_INVALID');
    const ok = await app.inject({ method: 'POST', url: '/probe', headers: bearer(tokens.user) });
    expect(ok.json()).toEqual({ id: 'u1' });
  });

  it('makes request.user fail closed on a route without a guard', async () => {
    const res = await app.inject({ method: 'GET', url: '/unguarded' });
    expect(res.statusCode).toBe(500);
  });
});

describe('the CSRF plugin', () => {
  it('cannot be registered before the auth context: its onRequest hook must run after that one', async () => {
    const misordered = Fastify({ logger: false });
    await misordered.register(fastifyCookie);
    await expect(
      misordered.register(csrfPlugin, { secret: 'test-secret', secureCookies: false }),
    ).rejects.toMatchObject({ code: 'FST_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE' });
    await misordered.close();
  });
});
