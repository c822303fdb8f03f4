import { bloomListResponseSchema, bloomSchema, type Bloom } from '@greenhouse/contracts';
import { schema } from '@greenhouse/db';
import { describeWithReference, fixtureText, referenceText } from '@greenhouse/mtp/testing';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { SessionClient } from './support/session-client.js';
import { createTestApp, PRICED_ENV, type TestApp } from './support/test-app.js';
import { exampleProtocol, pollBloom } from './support/training.js';
import { signedInClient } from './support/users.js';

let t: TestApp;
let alice: SessionClient;
let aliceId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ client: alice, userId: aliceId } = await signedInClient(t));
});
afterAll(async () => {
  await t?.close();
});

async function bloomCount(userId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(schema.blooms)
    .where(eq(schema.blooms.userId, userId));
  return row!.n;
}

/**
 * Polls the agent until its data stages are done (or one failed). The app's one worker may be training an
 * earlier test's agent (its check models and then the agent) before it takes these stages.
 */
const untilDataStagesSettle = (client: SessionClient, id: string): Promise<Bloom> =>
  pollBloom(
    async () => (await client.get(`/api/blooms/${id}`)).body,
    (bloom) =>
      bloom.stages.find((s) => s.name === 'data_validation')!.status === 'completed' ||
      bloom.stages.some((s) => s.status === 'failed'),
    60_000,
  );

describe('uploading protocol files', () => {
  it.each(['lighthouse_2_0_1.json', 'innkeeper_1_2_0.json'])(
    'takes %s through the data stages',
    { timeout: 90_000 },
    async (file) => {
      const res = await alice.upload('/api/bloom/upload', {
        file: { name: file, content: fixtureText(file) },
      });
      expect(res.status).toBe(201);
      const created = bloomSchema.parse(res.body);
      expect(created.dataset.name).toBe(file);
      expect(created.stages.map((s) => s.name)).toEqual([
        'data_preparation_stage_1',
        'data_preparation_stage_2',
        'data_validation',
        'training_tokenizer',
        'training_pretraining',
        'training_finetuning',
        'training_exporting',
      ]);
      expect(created.payment).toMatchObject({ status: 'paid', amountCents: 0 });
      expect(created.downloadURL).toBeNull();

      const bloom = await untilDataStagesSettle(alice, created.id);
      expect(bloom.stages.slice(0, 3).map((s) => s.status)).toEqual(['completed', 'completed', 'completed']);
      const validation = bloom.stages[2]!;
      // A free agent goes on to training as soon as its data is ready, so its first training stage may
      // already run when this looks: never before the data stages ended, and not failed.
      for (const stage of bloom.stages.slice(3)) {
        expect(stage.status).not.toBe('failed');
        if (stage.startedAt) expect(stage.startedAt >= validation.completedAt!).toBe(true);
      }
      expect(bloom.dataset.status).toBe('ready');
      expect(bloom.summary!.reactions.length).toBeGreaterThan(0);
      expect(bloom.summary!.instructions.length).toBeGreaterThan(0);
      // The agent learns every example; check models (k-fold for these small files) measure its quality.
      expect(validation.metrics).toMatchObject({
        train: bloom.stages[1]!.metrics!.examples,
        qualityMethod: 'k-fold',
        checkModels: expect.any(Number),
        checked: expect.any(Number),
      });

      // Each stage saved its outputs where training will read them, one row each.
      const artifacts = await t.database.db
        .select({ stage: schema.bloomArtifacts.stage, kind: schema.bloomArtifacts.kind })
        .from(schema.bloomArtifacts)
        .where(eq(schema.bloomArtifacts.bloomId, bloom.id));
      const dataArtifacts = artifacts.filter((a) => !a.stage.startsWith('training_'));
      expect(dataArtifacts.map((a) => `${a.stage}/${a.kind}`).sort()).toEqual([
        'data_preparation_stage_1/protocol',
        'data_preparation_stage_2/dataset',
        'data_validation/report',
      ]);
      const [protocol] = await t.database.db
        .select()
        .from(schema.bloomProtocols)
        .where(eq(schema.bloomProtocols.bloomId, bloom.id));
      expect(protocol!.version).toBe(1);
    },
  );

  it('uses the given name, else the protocol’s', async () => {
    const named = await alice.upload('/api/bloom/upload', {
      name: '  Maren  ',
      file: { name: 'x.json', content: exampleProtocol() },
    });
    expect(named.body.name).toBe('Maren');
    const unnamed = await alice.upload('/api/bloom/upload', {
      name: '',
      file: { name: 'x.json', content: exampleProtocol() },
    });
    expect(unnamed.body.name).toBe('lighthouse_keeper');
  });
});

describe('refusing bad files, leaving nothing behind', () => {
  const cases: Array<
    [string, Parameters<SessionClient['upload']>[1], number, string, Record<string, unknown>?]
  > = [
    ['no file', { name: 'x' }, 400, 'bloom.missing_file', { field: 'file' }],
    [
      'a template file',
      { file: { name: 't.json', content: fixtureText('lighthouse_template_2_1_0.json') } },
      400,
      'bloom.invalid_file',
    ],
    [
      'a model manifest',
      { file: { name: 'm.json', content: fixtureText('lighthouse_model_1_0_0.json') } },
      400,
      'bloom.invalid_file',
    ],
    [
      'broken JSON',
      { file: { name: 'b.json', content: '{"name": "x",\n  "inputs": }' } },
      400,
      'bloom.invalid_json',
      { field: 'file' },
    ],
    [
      'not a .json file',
      { file: { name: 'agent.txt', content: exampleProtocol() } },
      400,
      'bloom.invalid_file',
    ],
    [
      'a name over 128',
      { name: 'n'.repeat(129), file: { name: 'a.json', content: exampleProtocol() } },
      400,
      'bloom.name_too_long',
      { field: 'name', max: 128 },
    ],
    [
      'a file name over 128',
      { file: { name: `${'f'.repeat(130)}.json`, content: exampleProtocol() } },
      400,
      'bloom.file_name_too_long',
      { field: 'file', max: 128 },
    ],
    [
      'a file over the size cap',
      { file: { name: 'big.json', content: Buffer.alloc(2 * 1024 * 1024 + 10, 0x20) } },
      413,
      'PAYLOAD_TOO_LARGE',
    ],
  ];

  it.each(cases)('%s', async (_label, fields, status, code, params) => {
    const before = await bloomCount(aliceId);
    const res = await alice.upload('/api/bloom/upload', fields);
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    if (params) expect(res.body.params).toMatchObject(params);
    expect(await bloomCount(aliceId)).toBe(before);
  });

  it('lists the problems of an invalid protocol, each with its JSON path and message key', async () => {
    const broken = JSON.parse(exampleProtocol());
    delete broken.inputs;
    broken.instruction.sets[0].samples[0].result = 'No_Such_Token_';
    const res = await alice.upload('/api/bloom/upload', {
      file: { name: 'broken.json', content: JSON.stringify(broken) },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('bloom.invalid_file');
    const problems = res.body.params.problems as Array<{ pointer: string; key: string; message: string }>;
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatchObject({ path: ['inputs'], pointer: '/inputs', key: 'mtp.required' });
    expect(problems.every((p) => typeof p.message === 'string' && p.key.startsWith('mtp.'))).toBe(true);
  });

  it('refuses a state machine protocol as not implemented yet', async () => {
    const machine = JSON.parse(exampleProtocol());
    machine.model_type = 'state_machine';
    const res = await alice.upload('/api/bloom/upload', {
      file: { name: 'machine.json', content: JSON.stringify(machine) },
    });
    expect(res.status).toBe(501);
    expect(res.body.code).toBe('NOT_IMPLEMENTED_YET');
    expect(res.body.message).toContain('generative');
  });

  it('refuses a request that is not multipart', async () => {
    const res = await alice.post('/api/bloom/upload', { file: 'x' });
    expect(res.status).toBe(415);
  });
});

describe('the agents list and the agent', () => {
  it('pages, sorts and filters per the query rules', async () => {
    // Agents that stay as uploaded: a worker moving one on (its stages touch updatedAt) would reorder the list.
    const still = await createTestApp({ workers: false });
    onTestFinished(() => still.close());
    const { client } = await signedInClient(still);
    for (const name of ['alpha', 'beta', 'gamma']) {
      await client.upload('/api/bloom/upload', {
        name,
        file: { name: 'x.json', content: exampleProtocol() },
      });
    }
    const page = bloomListResponseSchema.parse((await client.get('/api/blooms?page=1&pageSize=2')).body);
    expect(page.total).toBe(3);
    expect(page.blooms.map((b) => b.name)).toEqual(['gamma', 'beta']); // updatedAt desc by default
    const second = bloomListResponseSchema.parse((await client.get('/api/blooms?page=2&pageSize=2')).body);
    expect(second.blooms.map((b) => b.name)).toEqual(['alpha']);
    expect(second.total).toBe(3);
    // Past the last page: no agents, and still the true total (no row carries it there).
    const past = bloomListResponseSchema.parse((await client.get('/api/blooms?page=5&pageSize=2')).body);
    expect(past).toEqual({ blooms: [], total: 3 });
    const none = bloomListResponseSchema.parse((await client.get('/api/blooms?filter.name=zeta')).body);
    expect(none).toEqual({ blooms: [], total: 0 });
    const byName = bloomListResponseSchema.parse(
      (await client.get('/api/blooms?sort=name&sortOrder=asc')).body,
    );
    expect(byName.blooms.map((b) => b.name)).toEqual(['alpha', 'beta', 'gamma']);
    const filtered = bloomListResponseSchema.parse((await client.get('/api/blooms?filter.name=ET')).body);
    expect(filtered.blooms.map((b) => b.name)).toEqual(['beta']);
    const bad = await client.get('/api/blooms?sort=password');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'query.invalid_param', params: { field: 'sort' } });
  });

  it('shows the protocol version in use and the download once the agent file exists, in the list as on the agent', async () => {
    const { client, userId } = await signedInClient(t);
    // Made directly, without its stages, so that no worker takes it.
    const [row] = await t.database.db
      .insert(schema.blooms)
      .values({
        userId,
        name: 'exported',
        datasetName: 'x.json',
        paymentStatus: 'paid',
        priceCents: 0,
        latestVersion: 2,
      })
      .returning();
    const id = row!.id;
    const content = JSON.parse(exampleProtocol()) as unknown;
    await t.database.db.insert(schema.bloomProtocols).values([
      { bloomId: id, version: 1, content },
      { bloomId: id, version: 2, content },
    ]);
    const listed = async () =>
      bloomListResponseSchema.parse((await client.get('/api/blooms')).body).blooms[0]!;
    const item = async () => bloomSchema.parse((await client.get(`/api/blooms/${id}`)).body);
    expect(await listed()).toMatchObject({ id, protocolVersion: 2, downloadURL: null });
    expect(await item()).toMatchObject({ id, protocolVersion: 2, downloadURL: null });
    await t.database.db.insert(schema.bloomArtifacts).values({
      bloomId: id,
      stage: 'training_exporting',
      kind: 'agent',
      content: { file: 'training_exporting.agent', bytes: 1, sha256: '0'.repeat(64) },
    });
    const downloadURL = `/api/blooms/${id}/download`;
    expect(await listed()).toMatchObject({ id, downloadURL });
    expect(await item()).toMatchObject({ id, downloadURL });
  });

  it('shows the stages in the list as on the agent (in order, with times, error, progress), without the large metrics', async () => {
    const { client, userId } = await signedInClient(t);
    // Made directly, so that no worker moves its stages while they are compared.
    const [row] = await t.database.db
      .insert(schema.blooms)
      .values({ userId, name: 'staged', datasetName: 'x.json', paymentStatus: 'paid', priceCents: 0 })
      .returning();
    const id = row!.id;
    // Microseconds the API does not show: both views cut them the same way.
    const at = sql`timestamptz '2026-03-04 05:06:07.891234+00'`;
    await t.database.db.insert(schema.bloomStages).values([
      {
        bloomId: id,
        name: 'data_validation',
        position: 2,
        status: 'failed',
        errorCode: 'X',
        errorMessage: 'why',
      },
      {
        bloomId: id,
        name: 'data_preparation_stage_2',
        position: 1,
        status: 'processing',
        progress: { percent: 40, step: 4, totalSteps: 10, etaSeconds: 3 },
        startedAt: at,
      },
      {
        bloomId: id,
        name: 'data_preparation_stage_1',
        position: 0,
        status: 'completed',
        metrics: { steps: 12, lossCurve: [{ step: 1, loss: 0.5 }], validationCurve: [], quality: null },
        startedAt: at,
        completedAt: at,
      },
    ]);
    const list = (await client.get('/api/blooms')).body;
    const answer = (await client.get(`/api/blooms/${id}`)).body;
    // Sent without a run-time check (lib/typed-json.ts): already exactly what the schemas make of them.
    expect(list).toEqual(bloomListResponseSchema.parse(list));
    expect(answer).toEqual(bloomSchema.parse(answer));
    const listed = bloomListResponseSchema.parse(list).blooms[0]!;
    const item = bloomSchema.parse(answer);
    // The list leaves out the large metrics only the agent page draws.
    const [first, ...others] = item.stages;
    expect(listed).toEqual({
      ...item,
      summary: null,
      stages: [{ ...first, metrics: { steps: 12 } }, ...others],
    });
    expect(item.stages.map((s) => s.name)).toEqual([
      'data_preparation_stage_1',
      'data_preparation_stage_2',
      'data_validation',
    ]);
    expect(item.stages[0]).toMatchObject({
      startedAt: '2026-03-04T05:06:07.891Z',
      completedAt: '2026-03-04T05:06:07.891Z',
      metrics: { steps: 12, lossCurve: [{ step: 1, loss: 0.5 }], validationCurve: [], quality: null },
    });
    expect(item.stages[1]).toMatchObject({ progress: { percent: 40, step: 4 }, completedAt: null });
    expect(item.stages[2]).toMatchObject({ error: { code: 'X', message: 'why' } });
    expect(item.dataset).toMatchObject({ status: 'failed', stage: 'preprocessing' });
  });

  it(
    'renames with the server’s rules and deletes everything the agent owns',
    { timeout: 90_000 },
    async () => {
      const { client } = await signedInClient(t);
      const created = (
        await client.upload('/api/bloom/upload', {
          file: { name: 'x.json', content: exampleProtocol() },
        })
      ).body;
      await untilDataStagesSettle(client, created.id);
      const renamed = await client.put(`/api/blooms/${created.id}`, { name: 'Dinah' });
      expect(renamed.body.name).toBe('Dinah');
      const tooLong = await client.put(`/api/blooms/${created.id}`, { name: 'd'.repeat(129) });
      expect(tooLong.body).toMatchObject({
        code: 'bloom.name_too_long',
        params: { field: 'name', max: 128 },
      });
      const empty = await client.put(`/api/blooms/${created.id}`, { name: '  ' });
      expect(empty.body.code).toBe('bloom.name_required');

      expect((await client.delete(`/api/blooms/${created.id}`)).status).toBe(204);
      expect((await client.get(`/api/blooms/${created.id}`)).status).toBe(404);
      for (const table of [schema.bloomStages, schema.bloomArtifacts, schema.bloomProtocols]) {
        const [left] = await t.database.db
          .select({ n: count() })
          .from(table)
          .where(eq(table.bloomId, created.id));
        expect(left!.n).toBe(0);
      }
    },
  );

  it('has no download before training has exported the agent', async () => {
    const created = (
      await alice.upload('/api/bloom/upload', {
        file: { name: 'x.json', content: exampleProtocol() },
      })
    ).body;
    const res = await alice.get(`/api/blooms/${created.id}/download`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('bloom.file_not_found');
  });

  it('never shows, renames, deletes or downloads another user’s agent', async () => {
    const created = (
      await alice.upload('/api/bloom/upload', {
        file: { name: 'x.json', content: exampleProtocol() },
      })
    ).body;
    const { client: mallory } = await signedInClient(t);
    for (const res of [
      await mallory.get(`/api/blooms/${created.id}`),
      await mallory.put(`/api/blooms/${created.id}`, { name: 'mine' }),
      await mallory.delete(`/api/blooms/${created.id}`),
      await mallory.get(`/api/blooms/${created.id}/download`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('bloom.not_found');
    }
    expect(bloomListResponseSchema.parse((await mallory.get('/api/blooms')).body).total).toBe(0);
    expect((await alice.get(`/api/blooms/${created.id}`)).body.name).not.toBe('mine');
    expect((await mallory.get('/api/blooms/not-a-uuid')).status).toBe(404);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blooms' });
    expect(res.statusCode).toBe(401);
  });
});

describe('a priced agent (AGENT_PRICE_CENTS)', () => {
  it('waits for payment: not_initialized, and no training', async () => {
    const priced = await createTestApp({ env: PRICED_ENV });
    try {
      const { client } = await signedInClient(priced);
      const res = await client.upload('/api/bloom/upload', {
        file: { name: 'x.json', content: exampleProtocol() },
      });
      expect(res.body.payment).toEqual({ status: 'not_initialized', amountCents: 500, currency: 'usd' });
    } finally {
      await priced.close();
    }
  });
});

describeWithReference('uploading the official example files', () => {
  // Priced, so no training follows: the upload and its data stages are what is tested here.
  let priced: TestApp;
  let client: SessionClient;
  beforeAll(async () => {
    priced = await createTestApp({ env: PRICED_ENV });
    ({ client } = await signedInClient(priced));
  });
  afterAll(async () => {
    await priced?.close();
  });

  it.each(['bloom_2_0_1.json', 'bloom_1_2_0.json'])('accepts %s', { timeout: 90_000 }, async (file) => {
    const res = await client.upload('/api/bloom/upload', {
      file: { name: file, content: referenceText(`examples/${file}`) },
    });
    expect(res.status).toBe(201);
    const created = bloomSchema.parse(res.body);
    expect(created.dataset.name).toBe(file);
    const bloom = await untilDataStagesSettle(client, created.id);
    expect(bloom.stages.slice(0, 3).map((s) => s.status)).toEqual(['completed', 'completed', 'completed']);
    expect(bloom.summary!.instructions).toHaveLength(3);
  });
});
