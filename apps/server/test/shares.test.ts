// Share links (issue 34) through the real HTTP pipeline and database: the owner makes, lists and revokes an agent's
// links; anyone with one — signed in or not — reads the agent's name and reactions and downloads its current
// version's file. The links' tokens are stored hashed; a revoked link and a deleted agent's answer 404 at once;
// the file is rate-limited per address. No training: the versions' outputs are written as the export writes them.
import { createHash } from 'node:crypto';
import {
  createdShareSchema,
  shareListResponseSchema,
  sharedBloomSchema,
  type Bloom,
  type Share,
} from '@greenhouse/contracts';
import { schema } from '@greenhouse/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_FILE_RATE } from '../src/features/shares/share-routes.js';
import { SessionClient } from './support/session-client.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { exampleProtocol, exportedVersion } from './support/training.js';
import { signedInClient } from './support/users.js';

let t: TestApp;
let owner: SessionClient;

beforeAll(async () => {
  // Nobody works the queue: the agents' outputs are written by the tests (exportedVersion).
  t = await createTestApp({ workers: false });
  ({ client: owner } = await signedInClient(t));
});
afterAll(async () => {
  await t?.close();
});

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** The lighthouse keeper's reactions, by their names in the protocol, first appearance first. */
const LIGHTHOUSE_REACTIONS = ['Chat_', 'Horn_', 'Lamp_', 'Warning_'];

/** A new agent of `client`'s, uploaded (it stays untrained: nobody works the queue). */
async function newAgent(client: SessionClient = owner, name = 'Keeper'): Promise<string> {
  const res = await client.upload('/api/bloom/upload', {
    name,
    file: { name: 'lighthouse.json', content: exampleProtocol() },
  });
  expect(res.status).toBe(201);
  return (res.body as Bloom).id;
}

/** A new agent with version 1 exported: its file is `content`. */
async function exportedAgent(content: string, client: SessionClient = owner): Promise<string> {
  const id = await newAgent(client);
  await exportedVersion(t, id, 1, content);
  return id;
}

/** A new link to the agent, with its token (the link's last part). */
async function share(id: string, client: SessionClient = owner) {
  const res = await client.post(`/api/blooms/${id}/shares`);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const created = createdShareSchema.parse(res.body);
  return { ...created, token: created.url.split('/try/')[1]! };
}

const listed = async (id: string, client: SessionClient = owner): Promise<Share[]> => {
  const res = await client.get(`/api/blooms/${id}/shares`);
  expect(res.status).toBe(200);
  return shareListResponseSchema.parse(res.body).shares;
};

/** Someone with the link and nothing else: no account, an address of their own. */
const visitor = () => new SessionClient(t.app);

describe('making and listing links', () => {
  it('makes a link of at least 128 random bits, stores only its hash and shows it once', async () => {
    const id = await exportedAgent('{"agent":"keeper v1"}');
    const created = await share(id);
    expect(created.url).toMatch(new RegExp(`^${t.config.appUrl}/try/[A-Za-z0-9_-]{32}$`)); // 24 bytes: 192 bits
    expect(Object.keys(createdShareSchema.parse(created)).sort()).toEqual(['id', 'url']);

    const [row] = await t.database.db
      .select()
      .from(schema.bloomShares)
      .where(eq(schema.bloomShares.id, created.id));
    expect(row!.bloomId).toBe(id);
    expect(row!.tokenHash).toBe(sha256(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);

    const res = await owner.get(`/api/blooms/${id}/shares`);
    expect(shareListResponseSchema.parse(res.body).shares).toEqual([
      { id: created.id, createdAt: row!.createdAt.toISOString(), opens: 0, lastOpenedAt: null },
    ]);
    expect(res.text).not.toContain(created.token);
    expect(res.text).not.toContain(row!.tokenHash);

    // Two links to one agent are two tokens; the newest is listed first.
    const second = await share(id);
    expect(second.token).not.toBe(created.token);
    expect((await listed(id)).map((s) => s.id)).toEqual([second.id, created.id]);
  });

  it('makes none for an agent with no version to download yet', async () => {
    const id = await newAgent();
    const res = await owner.post(`/api/blooms/${id}/shares`);
    expect([res.status, res.body.code]).toEqual([404, 'bloom.file_not_found']);
    expect(await listed(id)).toEqual([]);
  });
});

describe('a link, opened by anyone', () => {
  it('shows the name and the reactions, signed out or signed in as someone else, and counts the opens', async () => {
    const id = await exportedAgent('{"agent":"keeper"}');
    const { token } = await share(id);

    const res = await visitor().get(`/api/shared/${token}`);
    expect(res.status).toBe(200);
    // Only the agent's name and its reactions' names: nothing of the owner, the id or the protocol.
    expect(res.body).toEqual({ name: 'Keeper', reactions: LIGHTHOUSE_REACTIONS });
    expect(sharedBloomSchema.parse(res.body)).toEqual(res.body);
    expect(res.headers['cache-control']).toBe('no-store');
    const stranger = await signedInClient(t);
    expect((await stranger.client.get(`/api/shared/${token}`)).body).toEqual(res.body);

    // Opens at the same moment all count (one atomic update each).
    await Promise.all(Array.from({ length: 5 }, () => visitor().get(`/api/shared/${token}`)));
    const [counted] = await listed(id);
    expect(counted!.opens).toBe(7);
    expect(Date.parse(counted!.lastOpenedAt!)).toBeGreaterThan(Date.parse(counted!.createdAt) - 1000);
  });

  it("downloads the agent's current version's file, the one its owner downloads", async () => {
    const id = await exportedAgent('{"agent":"keeper, first"}');
    const { token } = await share(id);
    const file = await visitor().get(`/api/shared/${token}/agent`);
    expect(file.status).toBe(200);
    expect(file.text).toBe('{"agent":"keeper, first"}');
    expect(file.text).toBe((await owner.get(`/api/blooms/${id}/download`)).text);
    expect(file.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(file.headers['content-disposition']).toContain('attachment; filename="Keeper.json"');
    expect(file.headers['cache-control']).toBe('no-store');

    // A second version, exported: the same link now serves it (and its protocol's reactions).
    await t.database.db.transaction(async (tx) => {
      await tx
        .insert(schema.bloomProtocols)
        .values({ bloomId: id, version: 2, content: JSON.parse(exampleProtocol()) });
      await tx.update(schema.blooms).set({ latestVersion: 2 }).where(eq(schema.blooms.id, id));
    });
    expect((await visitor().get(`/api/shared/${token}/agent`)).text).toBe('{"agent":"keeper, first"}');
    await exportedVersion(t, id, 2, '{"agent":"keeper, second"}');
    expect((await visitor().get(`/api/shared/${token}/agent`)).text).toBe('{"agent":"keeper, second"}');

    // Downloads held back by a failing scenario: the link serves what the owner's download serves.
    await t.database.db.update(schema.blooms).set({ gateDownload: true }).where(eq(schema.blooms.id, id));
    expect((await owner.get(`/api/blooms/${id}/download`)).status).toBe(404);
    const held = await visitor().get(`/api/shared/${token}/agent`);
    expect([held.status, held.body.code]).toEqual([404, 'bloom.file_not_found']);
    const page = await visitor().get(`/api/shared/${token}`);
    expect([page.status, page.body.code]).toEqual([404, 'bloom.file_not_found']);
  });

  it('answers 404 for a token that names no link', async () => {
    for (const token of ['nope', 'A'.repeat(32), '%00x']) {
      const res = await visitor().get(`/api/shared/${token}`);
      expect(res.status, token).toBe(token === '%00x' ? 400 : 404);
      if (res.status === 404) expect(res.body.code).toBe('share.not_found');
      expect((await visitor().get(`/api/shared/${token}/agent`)).status).toBe(res.status);
    }
  });

  it('limits the file per address: 429 TOO_MANY_REQUESTS, another address still downloads', async () => {
    const id = await exportedAgent('{"agent":"popular"}');
    const { token } = await share(id);
    const busy = visitor();
    for (let i = 0; i < SHARED_FILE_RATE.max; i++)
      expect((await busy.get(`/api/shared/${token}/agent`)).status).toBe(200);
    const limited = await busy.get(`/api/shared/${token}/agent`);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', status: 429 });
    expect(limited.body.params.retryAfterSeconds).toBeGreaterThan(0);
    expect((await visitor().get(`/api/shared/${token}/agent`)).status).toBe(200);
  });
});

describe('revoking', () => {
  it('answers 404 at once for the revoked link only', async () => {
    const id = await exportedAgent('{"agent":"revocable"}');
    const kept = await share(id);
    const revoked = await share(id);
    const someone = visitor();
    expect((await someone.get(`/api/shared/${revoked.token}`)).status).toBe(200);

    expect((await owner.delete(`/api/blooms/${id}/shares/${revoked.id}`)).status).toBe(204);
    for (const path of [`/api/shared/${revoked.token}`, `/api/shared/${revoked.token}/agent`]) {
      const res = await someone.get(path);
      expect([path, res.status, res.body.code]).toEqual([path, 404, 'share.not_found']);
    }
    expect((await someone.get(`/api/shared/${kept.token}`)).status).toBe(200);
    expect((await listed(id)).map((s) => s.id)).toEqual([kept.id]);
    const again = await owner.delete(`/api/blooms/${id}/shares/${revoked.id}`);
    expect([again.status, again.body.code]).toEqual([404, 'share.not_found']);
    expect((await owner.delete(`/api/blooms/${id}/shares/not-a-uuid`)).status).toBe(404);
  });

  it("takes a deleted agent's links with it", async () => {
    const id = await exportedAgent('{"agent":"short-lived"}');
    const { token } = await share(id);
    expect((await owner.delete(`/api/blooms/${id}`)).status).toBe(204);
    for (const path of [`/api/shared/${token}`, `/api/shared/${token}/agent`]) {
      const res = await visitor().get(path);
      expect([path, res.status, res.body.code]).toEqual([path, 404, 'share.not_found']);
    }
    const rows = await t.database.db
      .select()
      .from(schema.bloomShares)
      .where(eq(schema.bloomShares.bloomId, id));
    expect(rows).toEqual([]);
  });
});

describe("someone else's agent", () => {
  it('cannot be shared, listed or revoked by another user (404), nor by nobody (401)', async () => {
    const id = await exportedAgent('{"agent":"private"}');
    const mine = await share(id);
    const { client: other } = await signedInClient(t);
    const othersAgent = await exportedAgent('{"agent":"theirs"}', other);

    const calls = [
      () => other.post(`/api/blooms/${id}/shares`),
      () => other.get(`/api/blooms/${id}/shares`),
      () => other.delete(`/api/blooms/${id}/shares/${mine.id}`),
    ];
    for (const call of calls) {
      const res = await call();
      expect([res.status, res.body.code]).toEqual([404, 'bloom.not_found']);
    }
    // Through an agent of their own, the link is not theirs either.
    const through = await other.delete(`/api/blooms/${othersAgent}/shares/${mine.id}`);
    expect([through.status, through.body.code]).toEqual([404, 'share.not_found']);
    expect((await listed(id)).map((s) => s.id)).toEqual([mine.id]);
    expect((await visitor().get(`/api/shared/${mine.token}`)).status).toBe(200);

    const nobody = await visitor().prime();
    for (const res of [
      await nobody.post(`/api/blooms/${id}/shares`),
      await nobody.get(`/api/blooms/${id}/shares`),
      await nobody.delete(`/api/blooms/${id}/shares/${mine.id}`),
    ])
      expect([res.status, res.body.code]).toEqual([401, 'authorization.unauthorized']);
  });
});
