import { accountExportSchema, accountSessionListResponseSchema } from '@greenhouse/contracts';
import { schema } from '@greenhouse/db';
import { fixtureText } from '@greenhouse/mtp/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answered } from './support/chats.js';
import { SessionClient } from './support/session-client.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { signedInClient, TEST_PASSWORD } from './support/users.js';

// A user's own sessions (GET/DELETE /account/sessions) and the data export (GET /account/export).

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let t: TestApp;

beforeAll(async () => {
  // Nobody works the queue: the export needs agents, not their training.
  t = await createTestApp({ workers: false });
});
afterAll(async () => {
  await t?.close();
});

/** Another sign-in of the same account, from a browser of its own (user agent and address). */
async function signInAgain(email: string, userAgent?: string): Promise<SessionClient> {
  const client = new SessionClient(t.app);
  if (userAgent) client.headers['user-agent'] = userAgent;
  await client.prime();
  const res = await client.post('/api/auth/signin', { email, password: TEST_PASSWORD });
  expect(res.status, res.text).toBe(200);
  return client;
}

async function listSessions(client: SessionClient) {
  const res = await client.get('/api/account/sessions');
  expect(res.status, res.text).toBe(200);
  return accountSessionListResponseSchema.parse(res.body).sessions;
}

const stillSignedIn = async (client: SessionClient) => (await client.get('/api/account/data')).status;

describe("a user's sessions", () => {
  it('lists the live sessions with device, address and which is current, most recently active first', async () => {
    const { client: first, email, userId } = await signedInClient(t);
    const firefox = await signInAgain(email, FIREFOX);
    const chrome = await signInAgain(email, CHROME);
    const ended = await signInAgain(email, CHROME);
    const other = await signedInClient(t);

    // The first sign-in was last active ten minutes ago; the last one has passed its absolute limit.
    const rows = await t.database.db.select().from(schema.sessions).where(eq(schema.sessions.userId, userId));
    expect(rows).toHaveLength(4);
    const [firstRow, , , endedRow] = [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    await t.database.db
      .update(schema.sessions)
      .set({ lastSeenAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(schema.sessions.id, firstRow!.id));
    await t.database.db
      .update(schema.sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.sessions.id, endedRow!.id));

    const sessions = await listSessions(firefox);
    expect(sessions).toHaveLength(3);
    expect(sessions.at(-1)).toMatchObject({ id: firstRow!.id, device: null, address: first.remoteAddress });
    expect(sessions.filter((s) => s.current)).toEqual([
      expect.objectContaining({ device: 'Firefox 133 on Windows', address: firefox.remoteAddress }),
    ]);
    expect(sessions.find((s) => s.address === chrome.remoteAddress)).toMatchObject({
      device: 'Chrome 131 on Linux',
      current: false,
    });
    expect(sessions.map((s) => s.id)).not.toContain(endedRow!.id);
    // Public ids only: no token hash, nothing of another user's sessions.
    const text = JSON.stringify(sessions);
    for (const row of rows) expect(text).not.toContain(row.tokenHash);
    expect(text).not.toContain(other.client.remoteAddress);
    expect(await stillSignedIn(ended)).toBe(401);
  });

  it('ends one session (its next request is refused), and answers 404 for anyone else’s or an unknown id', async () => {
    const { client: mine, email } = await signedInClient(t);
    const laptop = await signInAgain(email, FIREFOX);
    const bob = await signedInClient(t);
    const bobs = await listSessions(bob.client);

    const laptopId = (await listSessions(laptop)).find((s) => s.current)!.id;
    const res = await mine.delete(`/api/account/sessions/${laptopId}`);
    expect(res.status).toBe(204);
    const refused = await laptop.get('/api/account/data');
    expect(refused.status).toBe(401);
    expect(await stillSignedIn(mine)).toBe(200);

    for (const id of [bobs[0]!.id, laptopId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const missing = await mine.delete(`/api/account/sessions/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('session.not_found');
    }
    expect(await stillSignedIn(bob.client)).toBe(200);
  });

  it('ends every other session and keeps this one; ending the current one signs this client out', async () => {
    const { client: mine, email } = await signedInClient(t);
    const phone = await signInAgain(email, CHROME);
    const tablet = await signInAgain(email, FIREFOX);
    const bob = await signedInClient(t);

    expect((await mine.delete('/api/account/sessions')).status).toBe(204);
    expect(await stillSignedIn(phone)).toBe(401);
    expect(await stillSignedIn(tablet)).toBe(401);
    expect(await stillSignedIn(bob.client)).toBe(200);
    const left = await listSessions(mine);
    expect(left).toEqual([expect.objectContaining({ current: true })]);

    const res = await mine.delete(`/api/account/sessions/${left[0]!.id}`);
    expect(res.status).toBe(204);
    expect(res.setCookies.greenhouse_session).toBe('');
    expect(await stillSignedIn(mine)).toBe(401);
  });

  it('writes when a session was last seen at most once a minute, once however many requests come at once', async () => {
    const { client, userId } = await signedInClient(t);
    const seen = async () => {
      const [row] = await t.database.db
        .select({ session: schema.sessions.lastSeenAt, user: schema.users.lastSeenAt })
        .from(schema.sessions)
        .innerJoin(schema.users, eq(schema.users.id, schema.sessions.userId))
        .where(eq(schema.sessions.userId, userId));
      return { session: row!.session.getTime(), user: row!.user?.getTime() };
    };
    const setSeen = (ago: number) =>
      Promise.all([
        t.database.db
          .update(schema.sessions)
          .set({ lastSeenAt: new Date(Date.now() - ago) })
          .where(eq(schema.sessions.userId, userId)),
        t.database.db.update(schema.users).set({ lastSeenAt: null }).where(eq(schema.users.id, userId)),
      ]);

    // Seen 30 s ago: a request writes nothing.
    await setSeen(30_000);
    const before = await seen();
    expect(await stillSignedIn(client)).toBe(200);
    expect(await seen()).toEqual(before);

    // Seen 2 minutes ago: twenty requests at once all pass and leave the session and its user seen now.
    await setSeen(120_000);
    const start = Date.now();
    const statuses = await Promise.all(Array.from({ length: 20 }, () => stillSignedIn(client)));
    expect(statuses).toEqual(Array(20).fill(200));
    const after = await seen();
    expect(after.session).toBeGreaterThanOrEqual(start - 1000);
    expect(after.user).toBe(after.session);
  });

  it('refuses a session on its next request once its row is gone, whoever deleted it (no copy kept in memory)', async () => {
    const { client, userId } = await signedInClient(t);
    expect(await stillSignedIn(client)).toBe(200);
    // As another process would end it (sign-out elsewhere, an admin's deactivation): straight in the database.
    await t.database.db.delete(schema.sessions).where(eq(schema.sessions.userId, userId));
    expect(await stillSignedIn(client)).toBe(401);
  });
});

describe('the data export', () => {
  it("holds the account, its chats with messages and drafts and its agents with every protocol version, and nothing of anyone else's", async () => {
    const alice = await signedInClient(t, { firstName: 'Alice' });
    const bob = await signedInClient(t, { firstName: 'Bob' });

    const newChat = async (client: SessionClient, message: string) => {
      const res = await client.post('/api/bloom/chats', { message });
      expect(res.status, res.text).toBe(201);
      return answered(client, res.body.id as string);
    };
    const upload = async (client: SessionClient, file: string) => {
      const res = await client.upload('/api/bloom/upload', {
        file: { name: file, content: fixtureText(file) },
      });
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    const aliceChat = await newChat(alice.client, 'A lighthouse keeper who warns ships about the rocks.');
    const bobChat = await newChat(bob.client, 'A baker who sells bread to travellers at dawn.');
    const aliceBloom = await upload(alice.client, 'lighthouse_2_0_1.json');
    const bobBloom = await upload(bob.client, 'innkeeper_2_0_0.json');
    // A later version of Alice's protocol (no API edits protocols yet): the export holds both.
    await t.database.db
      .insert(schema.bloomProtocols)
      .values({ bloomId: aliceBloom, version: 2, content: { edited: 'second version' } });

    const res = await alice.client.get('/api/account/export');
    expect(res.status, res.text).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="greenhouse-export-${today}.json"`);
    const data = accountExportSchema.parse(res.body);

    expect(data.account).toMatchObject({ id: alice.userId, email: alice.email, firstName: 'Alice' });
    expect(Date.parse(data.account.createdAt)).not.toBeNaN();
    expect(data.chats.map((c) => c.id)).toEqual([aliceChat.id]);
    expect(data.chats[0]!.messages.map((m) => [m.role, m.content])).toEqual(
      aliceChat.messages.map((m) => [m.role, m.content]),
    );
    expect(data.chats[0]!.messages[0]!.content).toBe('A lighthouse keeper who warns ships about the rocks.');
    expect(data.chats[0]!.draft).toEqual(aliceChat.draft);
    expect(data.blooms.map((b) => b.id)).toEqual([aliceBloom]);
    expect(data.blooms[0]!.protocols.map((p) => p.version)).toEqual([1, 2]);
    expect(data.blooms[0]!.protocols[0]!.content).toEqual(JSON.parse(fixtureText('lighthouse_2_0_1.json')));
    expect(data.blooms[0]!.protocols[1]!.content).toEqual({ edited: 'second version' });

    for (const foreign of [bob.userId, bob.email, bobChat.id, bobBloom, 'baker who sells bread'])
      expect(res.text).not.toContain(foreign);
    // Never a secret of the account itself: its password hash or a session's token hash.
    const [aliceRow] = await t.database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.id, alice.userId));
    expect(res.text).not.toContain(aliceRow!.passwordHash!);
    const aliceSessions = await t.database.db
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.userId, alice.userId));
    for (const session of aliceSessions) expect(res.text).not.toContain(session.tokenHash);
  });
});
