import { createHash } from 'node:crypto';
import { API_TOKEN_LIMIT, apiTokenListResponseSchema, bloomListResponseSchema } from '@greenhouse/contracts';
import { schema } from '@greenhouse/db';
import { fixtureText } from '@greenhouse/mtp/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerClient, newToken } from './support/api-tokens.js';
import { SessionClient } from './support/session-client.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { signedInClient } from './support/users.js';

// Personal API tokens: made and managed from a session, used as `Authorization: Bearer gh_…`.

let t: TestApp;

beforeAll(async () => {
  // Nobody works the queue: uploads are only looked at, never trained.
  t = await createTestApp({ workers: false });
});
afterAll(async () => {
  await t?.close();
});

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const tokenRow = async (id: string) =>
  (await t.database.db.select().from(schema.apiTokens).where(eq(schema.apiTokens.id, id)))[0];

describe('creating and listing tokens', () => {
  it('shows the token once and stores only its SHA-256', async () => {
    const { client, userId } = await signedInClient(t);
    const created = await newToken(client, 'Deploy script', 7);
    expect(created.token).toMatch(/^gh_[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    expect(created.name).toBe('Deploy script');
    const days = (Date.parse(created.expiresAt) - Date.parse(created.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 5);

    const [row] = await t.database.db
      .select()
      .from(schema.apiTokens)
      .where(eq(schema.apiTokens.userId, userId));
    expect(row!.tokenHash).toBe(sha256(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(3));

    const listed = await client.get('/api/account/tokens');
    expect(listed.status).toBe(200);
    expect(apiTokenListResponseSchema.parse(listed.body).tokens).toEqual([
      {
        id: created.id,
        name: 'Deploy script',
        createdAt: created.createdAt,
        expiresAt: created.expiresAt,
        lastUsedAt: null,
      },
    ]);
    expect(listed.text).not.toContain(created.token.slice(3));
    expect(listed.text).not.toContain(row!.tokenHash);
  });

  it('validates the name and the days', async () => {
    const { client } = await signedInClient(t);
    const cases: Array<[unknown, string]> = [
      [{ name: '  ', expiresInDays: 30 }, 'token.name_required'],
      [{ name: 'x'.repeat(65), expiresInDays: 30 }, 'token.name_too_long'],
      [{ name: 'CI', expiresInDays: 0 }, 'validation.numberMin'],
      [{ name: 'CI', expiresInDays: 366 }, 'validation.numberMax'],
      [{ name: 'CI' }, 'validation.required'],
    ];
    for (const [body, code] of cases) {
      const res = await client.post('/api/account/tokens', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe(code);
    }
  });

  it(`holds at most ${API_TOKEN_LIMIT} unexpired tokens per user, and limits how fast they are made`, async () => {
    const { client, userId } = await signedInClient(t);
    // Most of the allowance made in the database (the creation rate limit is lower than the token limit);
    // one of them expired, so it does not count.
    const now = Date.now();
    await t.database.db.insert(schema.apiTokens).values(
      Array.from({ length: API_TOKEN_LIMIT - 1 }, (_, i) => ({
        userId,
        name: `old ${i}`,
        tokenHash: sha256(`filler-${userId}-${i}`),
        expiresAt: new Date(i === 0 ? now - 1000 : now + 86_400_000),
      })),
    );
    await newToken(client, 'nineteenth');
    await newToken(client, 'twentieth');
    const full = await client.post('/api/account/tokens', { name: 'one too many', expiresInDays: 1 });
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('token.limit_reached');
    const listed = apiTokenListResponseSchema.parse((await client.get('/api/account/tokens')).body).tokens;
    expect(listed).toHaveLength(API_TOKEN_LIMIT);
    expect(listed[0]!.name).toBe('twentieth');

    // Creation is limited per user whatever the answer: 10 an hour.
    const other = await signedInClient(t);
    for (let i = 0; i < 10; i++) await newToken(other.client, `t${i}`);
    const limited = await other.client.post('/api/account/tokens', { name: 'eleventh', expiresInDays: 1 });
    expect(limited.status).toBe(429);
  });
});

describe('a token as a bearer', () => {
  it("acts with its owner's rights and needs no CSRF token, and records its use", async () => {
    const alice = await signedInClient(t, { firstName: 'Alice' });
    const bob = await signedInClient(t);
    const { id, token } = await newToken(alice.client);
    const api = bearerClient(t.app, token);
    // Last seen long ago, so this use is recorded.
    await t.database.db
      .update(schema.users)
      .set({ lastSeenAt: new Date(Date.now() - 3_600_000) })
      .where(eq(schema.users.id, alice.userId));

    const upload = (client: SessionClient, file: string) =>
      client.upload('/api/bloom/upload', { file: { name: file, content: fixtureText(file) } });
    const mine = await upload(api, 'lighthouse_2_0_1.json');
    expect(mine.status, mine.text).toBe(201);
    expect((await upload(bob.client, 'innkeeper_2_0_0.json')).status).toBe(201);
    const listed = await api.get('/api/blooms');
    expect(listed.status).toBe(200);
    expect(bloomListResponseSchema.parse(listed.body).blooms.map((b) => b.id)).toEqual([mine.body.id]);

    const renamed = await api.put('/api/account/data', { firstName: 'Alicja', lastName: 'Nowak' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ id: alice.userId, firstName: 'Alicja' });
    // The answer to a bearer request sets no cookie: a token is no session.
    expect(Object.keys(renamed.setCookies)).toEqual([]);

    const row = await tokenRow(id);
    expect(row!.lastUsedAt).not.toBeNull();
    const [user] = await t.database.db.select().from(schema.users).where(eq(schema.users.id, alice.userId));
    expect(Date.now() - user!.lastSeenAt!.getTime()).toBeLessThan(60_000);
  });

  it('stops working once revoked; only its owner can revoke it', async () => {
    const alice = await signedInClient(t);
    const bob = await signedInClient(t);
    const { id, token } = await newToken(alice.client);
    const api = bearerClient(t.app, token);
    expect((await api.get('/api/account/data')).status).toBe(200);

    for (const other of [
      `/api/account/tokens/${id}`,
      '/api/account/tokens/00000000-0000-4000-8000-000000000000',
      '/api/account/tokens/nope',
    ]) {
      const res = await bob.client.delete(other);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('token.not_found');
    }
    expect((await api.get('/api/account/data')).status).toBe(200);

    expect((await alice.client.delete(`/api/account/tokens/${id}`)).status).toBe(204);
    const refused = await api.get('/api/account/data');
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('authorization.unauthorized');
  });

  it('is refused once expired (and no longer listed), and while its owner is deactivated', async () => {
    const alice = await signedInClient(t);
    const expiring = await newToken(alice.client, 'short');
    const kept = await newToken(alice.client, 'kept');
    await t.database.db
      .update(schema.apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.apiTokens.id, expiring.id));
    const expired = await bearerClient(t.app, expiring.token).get('/api/account/data');
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('authorization.session_expired');
    const listed = apiTokenListResponseSchema.parse(
      (await alice.client.get('/api/account/tokens')).body,
    ).tokens;
    expect(listed.map((token) => token.id)).toEqual([kept.id]);

    const api = bearerClient(t.app, kept.token);
    expect((await api.get('/api/account/data')).status).toBe(200);
    await t.database.db.update(schema.users).set({ active: false }).where(eq(schema.users.id, alice.userId));
    const inactive = await api.get('/api/account/data');
    expect(inactive.status).toBe(401);
    expect(inactive.body.code).toBe('authorization.unauthorized');
  });

  it('may not manage credentials: tokens, sessions, the password, deleting the account (403), which stay as they were', async () => {
    const alice = await signedInClient(t);
    const { id, token } = await newToken(alice.client);
    const api = bearerClient(t.app, token);
    const sessionId = (await alice.client.get('/api/account/sessions')).body.sessions[0].id as string;

    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/account/tokens'],
      ['POST', '/api/account/tokens', { name: 'another', expiresInDays: 365 }],
      ['DELETE', `/api/account/tokens/${id}`],
      ['GET', '/api/account/sessions'],
      ['DELETE', '/api/account/sessions'],
      ['DELETE', `/api/account/sessions/${sessionId}`],
      ['POST', '/api/account/password', { currentPassword: 'Garden#2026', newPassword: 'Orchard#2027x' }],
      ['POST', '/api/account/delete', { password: 'Garden#2026' }],
    ];
    for (const [method, url, body] of calls) {
      const res = await api.request(method as 'GET', url, body);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.code).toBe('access.forbidden');
    }
    expect((await api.get('/api/account/data')).status).toBe(200);
    expect((await alice.client.get('/api/account/data')).status).toBe(200);
    expect(await tokenRow(id)).toBeDefined();
    const tokens = await t.database.db
      .select()
      .from(schema.apiTokens)
      .where(eq(schema.apiTokens.userId, alice.userId));
    expect(tokens).toHaveLength(1);
    const signIn = await new SessionClient(t.app).prime();
    expect(
      (await signIn.post('/api/auth/signin', { email: alice.email, password: 'Garden#2026' })).status,
    ).toBe(200);
  });
});

describe('a session token as a bearer', () => {
  it('still works when it happens to begin with gh_', async () => {
    const alice = await signedInClient(t);
    const token = `gh_${'a'.repeat(40)}`;
    await t.database.db.insert(schema.sessions).values({
      tokenHash: sha256(token),
      userId: alice.userId,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const res = await bearerClient(t.app, token).get('/api/account/data');
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(alice.userId);
    // A session, not an API token: it may manage credentials.
    expect((await bearerClient(t.app, token).get('/api/account/sessions')).status).toBe(200);
  });
});

describe('no admin rights from a token', () => {
  it("gives a user's token 403 on an admin call, and an admin's token the admin's rights", async () => {
    const user = await signedInClient(t);
    const admin = await signedInClient(t, { role: 'admin' });
    const userApi = bearerClient(t.app, (await newToken(user.client)).token);
    const adminApi = bearerClient(t.app, (await newToken(admin.client)).token);

    const refused = await userApi.get('/api/accounts');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('access.forbidden');
    const changed = await userApi.put(`/api/accounts/${user.userId}`, { role: 'admin' });
    expect(changed.status).toBe(403);

    const listed = await adminApi.get(`/api/accounts?filter.email=${encodeURIComponent(user.email)}`);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.accounts.map((a: { id: string }) => a.id)).toEqual([user.userId]);
    expect(listed.body.accounts[0].role.name).toBe('user');
  });
});
