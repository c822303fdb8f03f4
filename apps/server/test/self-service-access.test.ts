// Who may call the self-service routes (/account/sessions*, /account/tokens*, /account/export,
// /account/delete): the route × role matrix of issue 21 — anonymous, an inactive account's session, a
// deactivated account's API token, the user's own API token, the user, and another user or an admin
// reaching for the user's sessions and tokens by id.
import { createHash } from 'node:crypto';

import { schema } from '@greenhouse/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerClient, newToken } from './support/api-tokens.js';
import { SessionClient } from './support/session-client.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { signedInClient, TEST_PASSWORD } from './support/users.js';

const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ workers: false });
});
afterAll(async () => {
  await t?.close();
});

type Call = (c: SessionClient) => ReturnType<SessionClient['get']>;

/** Every self-service call, with what the signed-in user itself gets (the guard let it through). */
const CALLS: Array<[string, Call, number, string?]> = [
  ['GET /account/sessions', (c) => c.get('/api/account/sessions'), 200],
  ['DELETE /account/sessions', (c) => c.delete('/api/account/sessions'), 204],
  [
    'DELETE /account/sessions/{id}',
    (c) => c.delete(`/api/account/sessions/${NO_SUCH_ID}`),
    404,
    'session.not_found',
  ],
  ['GET /account/tokens', (c) => c.get('/api/account/tokens'), 200],
  ['POST /account/tokens', (c) => c.post('/api/account/tokens', { name: 'matrix', expiresInDays: 1 }), 201],
  [
    'DELETE /account/tokens/{id}',
    (c) => c.delete(`/api/account/tokens/${NO_SUCH_ID}`),
    404,
    'token.not_found',
  ],
  ['GET /account/export', (c) => c.get('/api/account/export'), 200],
  // A wrong password: the guard let it through to the check of the body, and nothing is deleted.
  [
    'POST /account/delete',
    (c) => c.post('/api/account/delete', { password: 'Not-the-password#1' }),
    400,
    'account.invalid_current_password',
  ],
];

/** Calls that manage credentials: a personal API token gets 403 on them (lib/auth-context.ts sessionOnly). */
const SESSION_ONLY = new Set([
  'GET /account/sessions',
  'DELETE /account/sessions',
  'DELETE /account/sessions/{id}',
  'GET /account/tokens',
  'POST /account/tokens',
  'DELETE /account/tokens/{id}',
  'POST /account/delete',
]);

const sessionsOf = (userId: string) =>
  t.database.db.select().from(schema.sessions).where(eq(schema.sessions.userId, userId));
const tokensOf = (userId: string) =>
  t.database.db.select().from(schema.apiTokens).where(eq(schema.apiTokens.userId, userId));
const userRow = async (userId: string) =>
  (await t.database.db.select().from(schema.users).where(eq(schema.users.id, userId)))[0];

describe('who may call the self-service routes', () => {
  it('answers anonymous and an unknown API token 401 authorization.unauthorized, and leaves every account as it was', async () => {
    const nobody = await new SessionClient(t.app).prime();
    const bystander = await signedInClient(t);
    const before = { sessions: await sessionsOf(bystander.userId), tokens: await tokensOf(bystander.userId) };
    // And an API client whose bearer token is no one's (a fresh client each time: no cookie jar, so no CSRF
    // token): 401 too, on unsafe calls as well.
    const unknownToken = `gh_${'x'.repeat(43)}`;
    for (const [name, call] of CALLS) {
      const res = await call(nobody);
      expect([name, res.status, res.body.code]).toEqual([name, 401, 'authorization.unauthorized']);
      const byToken = await call(bearerClient(t.app, unknownToken));
      expect([name, 'token', byToken.status, byToken.body.code]).toEqual([
        name,
        'token',
        401,
        'authorization.unauthorized',
      ]);
    }
    expect(await sessionsOf(bystander.userId)).toHaveLength(before.sessions.length);
    expect(await tokensOf(bystander.userId)).toHaveLength(before.tokens.length);
  });

  it("answers an inactive account's session and its API token 401, and changes nothing of the account", async () => {
    // Deactivated by the flag only: the session row and the token are still there.
    const { client, userId, email } = await signedInClient(t);
    const { token } = await newToken(client);
    const api = bearerClient(t.app, token);
    // Both work while the account is active (so the 401s below come from the deactivation).
    expect((await client.get('/api/account/sessions')).status).toBe(200);
    expect((await api.get('/api/account/export')).status).toBe(200);
    await t.database.db.update(schema.users).set({ active: false }).where(eq(schema.users.id, userId));

    const sessionCookie = client.cookies.get('greenhouse_session')!;
    expect(sessionCookie).toBeTruthy();
    // With the CSRF token of its session, an unsafe call is refused by the CSRF check first (the token is
    // bound to a session that no longer counts: plugins/csrf.ts), before any guard or handler.
    const stale = await client.delete('/api/account/sessions');
    expect([stale.status, stale.body.code]).toEqual([403, 'CSRF_INVALID']);
    for (const [name, call] of CALLS) {
      // The session's cookie with a valid CSRF token (the one an anonymous client gets, as the session
      // resolves to nobody), so that every call reaches the signed-in guard. A refused request clears the
      // session cookie: a fresh client for each call.
      const session = await new SessionClient(t.app).prime();
      session.cookies.set('greenhouse_session', sessionCookie);
      const refused = await call(session);
      expect([name, 'session', refused.status, refused.body.code]).toEqual([
        name,
        'session',
        401,
        'authorization.unauthorized',
      ]);
      const byToken = await call(bearerClient(t.app, token)); // a fresh client: no cookie jar, no CSRF token
      expect([name, 'token', byToken.status, byToken.body.code]).toEqual([
        name,
        'token',
        401,
        'authorization.unauthorized',
      ]);
    }
    // Nothing was made, ended or deleted.
    expect(await sessionsOf(userId)).toHaveLength(1);
    expect(await tokensOf(userId)).toHaveLength(1);
    expect(await userRow(userId)).toMatchObject({ email, active: false });
  });

  it("gives the user's own API token 403 access.forbidden on the calls that manage credentials, its data otherwise", async () => {
    const { client, userId } = await signedInClient(t);
    const { token } = await newToken(client);
    const api = bearerClient(t.app, token);
    for (const [name, call, userStatus] of CALLS) {
      const res = await call(api);
      if (SESSION_ONLY.has(name))
        expect([name, res.status, res.body.code]).toEqual([name, 403, 'access.forbidden']);
      else expect([name, res.status]).toEqual([name, userStatus]);
    }
    expect(await sessionsOf(userId)).toHaveLength(1);
    expect(await tokensOf(userId)).toHaveLength(1);
    expect(await userRow(userId)).toBeDefined();
  });

  it('lets the signed-in user through every call', async () => {
    const { client, userId } = await signedInClient(t);
    for (const [name, call, userStatus, code] of CALLS) {
      const res = await call(client);
      expect([name, res.status, code && res.body.code]).toEqual([name, userStatus, code]);
    }
    expect(await userRow(userId)).toBeDefined();
    expect((await client.get('/api/account/data')).status).toBe(200);
  });

  it("answers 404 to another user and to an admin for the user's session and token ids, which stay", async () => {
    const alice = await signedInClient(t);
    const { id: tokenId, token } = await newToken(alice.client);
    const [aliceSession] = await sessionsOf(alice.userId);
    const bob = await signedInClient(t);
    const admin = await signedInClient(t, { role: 'admin' });
    const bobApi = bearerClient(t.app, (await newToken(bob.client)).token);

    for (const [who, other] of [
      ['another user', bob.client],
      ['an admin', admin.client],
    ] as const) {
      const session = await other.delete(`/api/account/sessions/${aliceSession!.id}`);
      expect([who, session.status, session.body.code]).toEqual([who, 404, 'session.not_found']);
      const revoked = await other.delete(`/api/account/tokens/${tokenId}`);
      expect([who, revoked.status, revoked.body.code]).toEqual([who, 404, 'token.not_found']);
      // Their own lists hold nothing of Alice's.
      const lists = [
        (await other.get('/api/account/sessions')).text,
        (await other.get('/api/account/tokens')).text,
      ];
      for (const text of lists) {
        expect(text).not.toContain(aliceSession!.id);
        expect(text).not.toContain(tokenId);
      }
      // Ending "every other session" ends none of Alice's.
      expect((await other.delete('/api/account/sessions')).status).toBe(204);
      // The export is their own.
      const exported = await other.get('/api/account/export');
      expect(exported.status).toBe(200);
      expect(exported.text).not.toContain(alice.userId);
    }
    // Bob's token is refused the management calls whoever's id it names (403 before any lookup).
    const byToken = await bobApi.delete(`/api/account/tokens/${tokenId}`);
    expect([byToken.status, byToken.body.code]).toEqual([403, 'access.forbidden']);

    // Alice's session and token still work.
    expect((await alice.client.get('/api/account/sessions')).status).toBe(200);
    expect((await bearerClient(t.app, token).get('/api/account/data')).status).toBe(200);
    const tokens = await tokensOf(alice.userId);
    expect(tokens.map((row) => row.tokenHash)).toEqual([createHash('sha256').update(token).digest('hex')]);
    expect((await sessionsOf(alice.userId)).map((row) => row.id)).toEqual([aliceSession!.id]);
  });

  it('keeps the account when the password is wrong, and deletes it with the right one (then 401)', async () => {
    const { client, userId } = await signedInClient(t);
    const wrong = await client.post('/api/account/delete', { password: 'Not-the-password#1' });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'account.invalid_current_password']);
    expect(await userRow(userId)).toBeDefined();
    const done = await client.post('/api/account/delete', { password: TEST_PASSWORD });
    expect(done.status, done.text).toBe(204);
    expect(await userRow(userId)).toBeUndefined();
    const after = await client.get('/api/account/export');
    expect([after.status, after.body.code]).toEqual([401, 'authorization.unauthorized']);
  });
});
