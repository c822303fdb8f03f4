// The agents list and the agent pages are kept per process and served again while the user's data version
// (users.data_version, bumped by the database's triggers) has not moved: every kind of change to a user's
// agents, made by this process or another, shows in the next list and page of every process; nothing of
// another user's moves it.
import { bloomListResponseSchema, type Bloom } from '@greenhouse/contracts';
import { schema } from '@greenhouse/db';
import { fixtureText } from '@greenhouse/mtp/testing';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { AGENT_FILE } from '../src/features/pipeline/stage-outputs.js';
import { SessionClient } from './support/session-client.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { signedInClient } from './support/users.js';

let t: TestApp;
// A second app on the same database, as a second process would be.
let other: FastifyInstance;
let here: SessionClient;
let elsewhere: SessionClient;
let userId: string;
let bloomId: string;

beforeAll(async () => {
  // No workers: the agent's stages change only as the tests change them.
  t = await createTestApp({ workers: false });
  other = await buildApp({ config: t.config, database: t.database, queue: t.queue });
  ({ client: here, userId } = await signedInClient(t));
  elsewhere = new SessionClient(other);
  for (const [name, value] of here.cookies) elsewhere.cookies.set(name, value);
  const res = await here.upload('/api/bloom/upload', {
    file: { name: 'lighthouse_2_0_1.json', content: fixtureText('lighthouse_2_0_1.json') },
  });
  expect(res.status).toBe(201);
  bloomId = res.body.id;
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

async function listed(client: SessionClient): Promise<{ blooms: Bloom[]; total: number }> {
  const res = await client.get('/api/blooms');
  expect(res.status).toBe(200);
  return bloomListResponseSchema.parse(res.body);
}

/** The agent as both processes' next lists show it (each must show the same). */
async function agentInBothLists(): Promise<Bloom | undefined> {
  const [a, b] = [await listed(here), await listed(elsewhere)];
  expect(b).toEqual(a);
  return a.blooms.find((bloom) => bloom.id === bloomId);
}

/** The agent as both processes' next pages show it (each must show the same); null when both answer 404. */
async function agentPageInBoth(): Promise<Bloom | null> {
  const [a, b] = [await here.get(`/api/blooms/${bloomId}`), await elsewhere.get(`/api/blooms/${bloomId}`)];
  expect(b.status).toBe(a.status);
  if (a.status === 404) return null;
  expect(a.status, a.text).toBe(200);
  expect(b.body).toEqual(a.body);
  return a.body as Bloom;
}

const dataVersion = async (id: string): Promise<number> => {
  const [row] = await t.database.db
    .select({ v: schema.users.dataVersion })
    .from(schema.users)
    .where(eq(schema.users.id, id));
  return row!.v;
};

describe('the kept agents list and agent pages', () => {
  it('are served again while nothing of the user’s agents changed', async () => {
    const before = await agentInBothLists();
    expect((await agentPageInBoth())?.name).toBe(before?.name);
    // A change the triggers do not see (replication role: no triggers fire) leaves the version, and so the
    // kept lists, as they were: what a list shows then comes from the cache, not from a new query.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(schema.blooms).set({ name: 'Unseen' }).where(eq(schema.blooms.id, bloomId));
    });
    expect((await agentInBothLists())?.name).toBe(before?.name);
    expect((await agentPageInBoth())?.name).toBe(before?.name);
    await t.database.db
      .update(schema.blooms)
      .set({ name: before!.name })
      .where(eq(schema.blooms.id, bloomId));
  });

  it('show a rename made in another process', async () => {
    await agentInBothLists();
    await agentPageInBoth();
    expect((await elsewhere.put(`/api/blooms/${bloomId}`, { name: 'Renamed elsewhere' })).status).toBe(200);
    expect((await agentInBothLists())?.name).toBe('Renamed elsewhere');
    expect((await agentPageInBoth())?.name).toBe('Renamed elsewhere');
  });

  it('never answer a write with the agent as it was kept before it', async () => {
    expect((await agentPageInBoth())?.name).toBe('Renamed elsewhere');
    const renamed = await here.put(`/api/blooms/${bloomId}`, { name: 'Renamed here' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Renamed here');
  });

  it('shows a stage a worker moved on, a new protocol version and the agent file', async () => {
    await agentInBothLists();
    await t.database.db
      .update(schema.bloomStages)
      .set({
        status: 'processing',
        startedAt: new Date(),
        progress: { percent: 30, step: 3, totalSteps: 10, etaSeconds: 60 },
      })
      .where(
        and(eq(schema.bloomStages.bloomId, bloomId), eq(schema.bloomStages.name, 'data_preparation_stage_1')),
      );
    const moved = { listed: await agentInBothLists(), page: await agentPageInBoth() };
    for (const agent of [moved.listed, moved.page]) {
      expect(agent?.stages[0]).toMatchObject({
        status: 'processing',
        progress: { percent: 30, step: 3, totalSteps: 10, etaSeconds: 60 },
      });
    }

    // A new version, as another process's POST /blooms/{id}/versions writes it (issue 33).
    await t.database.db.transaction(async (tx) => {
      await tx
        .insert(schema.bloomProtocols)
        .values({ bloomId, version: 2, content: JSON.parse(fixtureText('lighthouse_2_0_1.json')) });
      await tx.update(schema.blooms).set({ latestVersion: 2 }).where(eq(schema.blooms.id, bloomId));
    });
    expect((await agentInBothLists())?.protocolVersion).toBe(2);
    expect((await agentPageInBoth())?.protocolVersion).toBe(2);

    expect((await agentInBothLists())?.downloadURL).toBeNull();
    expect((await agentPageInBoth())?.downloadURL).toBeNull();
    await t.database.db
      .insert(schema.bloomArtifacts)
      .values({ bloomId, stage: AGENT_FILE.stage, kind: AGENT_FILE.kind, content: { path: 'agent.json' } });
    expect((await agentInBothLists())?.downloadURL).toBe(`/api/blooms/${bloomId}/download`);
    expect((await agentPageInBoth())?.downloadURL).toBe(`/api/blooms/${bloomId}/download`);
  });

  it('move only with their owner’s version', async () => {
    const { client: bob, userId: bobId } = await signedInClient(t);
    const [mine, bobs] = [await dataVersion(userId), await dataVersion(bobId)];
    const upload = await bob.upload('/api/bloom/upload', {
      file: { name: 'lighthouse_2_0_1.json', content: fixtureText('lighthouse_2_0_1.json') },
    });
    expect(upload.status).toBe(201);
    expect(await dataVersion(userId)).toBe(mine);
    expect(await dataVersion(bobId)).toBeGreaterThan(bobs);
    expect((await listed(bob)).total).toBe(1);
  });

  it('show a deletion made in another process', async () => {
    expect((await agentInBothLists())?.id).toBe(bloomId);
    expect((await agentPageInBoth())?.id).toBe(bloomId);
    expect((await elsewhere.delete(`/api/blooms/${bloomId}`)).status).toBe(204);
    expect(await agentInBothLists()).toBeUndefined();
    expect(await agentPageInBoth()).toBeNull();
    expect((await listed(here)).total).toBe(0);
  });
});
