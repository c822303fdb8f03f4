// Every user's agents in the admin panel, and the retry of a failed one, through the real API, queue and
// database. Agents here are never paid for, so no training runs: only the cheap data stages.
import { adminBloomSchema, type AdminBloom } from '@greenhouse/contracts';
import { schema } from '@greenhouse/db';
import { fixtureText } from '@greenhouse/mtp/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { startWorkers, type Workers } from '../src/features/pipeline/start-workers.js';
import type { SessionClient } from './support/session-client.js';
import { createTestApp, PRICED_ENV, type TestApp } from './support/test-app.js';
import { pollBloom } from './support/training.js';
import { signedInClient } from './support/users.js';

let t: TestApp;
let workers: Workers | undefined;
let admin: SessionClient;
let owner: SessionClient;
let ownerEmail: string;

beforeAll(async () => {
  // The queue is worked only once the first agent has lost its protocol (below).
  t = await createTestApp({ env: PRICED_ENV, workers: false });
  ({ client: admin } = await signedInClient(t, { role: 'admin' }));
  ({ client: owner, email: ownerEmail } = await signedInClient(t));
});
afterAll(async () => {
  await workers?.stop();
  await t?.close();
});

async function upload(name: string): Promise<string> {
  const res = await owner.upload('/api/bloom/upload', {
    name,
    file: { name: 'agent.json', content: fixtureText('lighthouse_2_0_1.json') },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

const list = async (query = ''): Promise<{ blooms: AdminBloom[]; total: number }> => {
  const res = await admin.get(`/api/admin/blooms?${query}`);
  expect(res.status).toBe(200);
  return {
    blooms: res.body.blooms.map((b: unknown) => z.strictObject(adminBloomSchema.shape).parse(b)),
    total: res.body.total,
  };
};

describe('every agent, and retrying a failed one', () => {
  it('lists a failed agent first with its reason; retry sends it on past the failed stage', async () => {
    const broken = await upload('Broken lighthouse');
    const fine = await upload('Fine lighthouse');
    // The first stage of `broken` fails at once (StageFailure: no protocol to read); it is put back later,
    // as an operator would fix what made a stage fail before retrying it.
    const db = t.database.db;
    const protocols = await db
      .delete(schema.bloomProtocols)
      .where(eq(schema.bloomProtocols.bloomId, broken))
      .returning();
    workers = await startWorkers(t.config, t.database, t.queue, t.app.log);

    await pollBloom(
      async () => (await owner.get(`/api/blooms/${broken}`)).body,
      (bloom) => bloom.stages.some((s) => s.status === 'failed'),
    );
    await pollBloom(
      async () => (await owner.get(`/api/blooms/${fine}`)).body,
      (bloom) => bloom.stages.find((s) => s.name === 'data_validation')!.status === 'completed',
    );

    const { blooms, total } = await list();
    expect(total).toBe(2);
    // Failed first, though the other is newer.
    expect(blooms.map((b) => b.id)).toEqual([broken, fine]);
    expect(blooms[0]).toMatchObject({
      name: 'Broken lighthouse',
      owner: { email: ownerEmail },
      status: 'failed',
      stage: { name: 'data_preparation_stage_1', status: 'failed' },
      payment: { status: 'not_initialized' },
      failure: { code: 'bloom.file_not_found', message: 'The agent has no protocol.' },
    });
    // Waiting for payment before training: nothing runs.
    expect(blooms[1]).toMatchObject({
      status: 'pending',
      stage: { name: 'training_tokenizer', status: 'pending' },
      failure: null,
    });
    expect((await list('filter.status=failed')).blooms.map((b) => b.id)).toEqual([broken]);
    expect((await list('filter.status=pending,processing')).blooms.map((b) => b.id)).toEqual([fine]);
    for (const query of ['filter.status=broken', 'filter.userId=nobody', 'sort=name'])
      expect((await admin.get(`/api/admin/blooms?${query}`)).body.code).toBe('query.invalid_param');

    const notFailed = await admin.post(`/api/admin/blooms/${fine}/retry`);
    expect([notFailed.status, notFailed.body.code]).toEqual([409, 'bloom.not_failed']);
    expect((await admin.post('/api/admin/blooms/nope/retry')).body.code).toBe('bloom.not_found');

    await db.insert(schema.bloomProtocols).values(protocols);
    const retried = await admin.post(`/api/admin/blooms/${broken}/retry`);
    expect(retried.status).toBe(200);
    expect(adminBloomSchema.parse(retried.body)).toMatchObject({ id: broken, failure: null });
    expect(retried.body.status).not.toBe('failed');
    const again = await admin.post(`/api/admin/blooms/${broken}/retry`);
    expect(again.body.code).toBe('bloom.not_failed');

    const done = await pollBloom(
      async () => (await owner.get(`/api/blooms/${broken}`)).body,
      (bloom) =>
        bloom.stages.find((s) => s.name === 'data_validation')!.status === 'completed' ||
        bloom.stages.some((s) => s.status === 'failed'),
    );
    expect(done.stages.slice(0, 3).map((s) => s.status)).toEqual(['completed', 'completed', 'completed']);
    expect((await list('filter.status=failed')).total).toBe(0);

    const audit = (await admin.get(`/api/admin/audit?filter.targetId=${broken}`)).body.events;
    expect(audit).toMatchObject([
      {
        action: 'bloom.retried',
        target: { type: 'bloom', id: broken, label: 'Broken lighthouse' },
        changes: { 'stage.data_preparation_stage_1': { from: 'failed', to: 'pending' } },
      },
    ]);
  }, 90_000);
});
