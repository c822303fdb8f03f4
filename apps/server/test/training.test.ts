// The training stages through the real API, queue and database, on the `tiny` preset (the same
// pipeline on a model that trains in seconds): outputs, progress, the agent file, slices, failures
// and the owner's e-mails.
import { bloomStatusLabel, trainingMetricsSchema, type Bloom } from '@greenhouse/contracts';
import { schema } from '@greenhouse/db';
import { loadAgent } from '@greenhouse/trainer';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFloraDownloadsDir, listFloraDownloads } from '../src/features/flora/flora-downloads.js';
import type { SessionClient } from './support/session-client.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import {
  exampleProtocol,
  filesOnDisk,
  outboxMails,
  outputRows,
  pollBloom,
  settled,
  TRAINED_FILES,
  TRAINED_ROWS,
} from './support/training.js';
import { signedInClient } from './support/users.js';

let t: TestApp;
let owner: SessionClient;

beforeAll(async () => {
  // The default two training threads, end to end (other tests train on one).
  t = await createTestApp({
    env: { APP_URL: 'http://greenhouse.test', DEVICE_FIT: 'true', TRAINING_THREADS: '2' },
  });
  ({ client: owner } = await signedInClient(t, { language: 'pl' }));
});
afterAll(async () => {
  await t?.close();
});

async function upload(client: SessionClient, content: string, name = 'agent.json'): Promise<string> {
  const res = await client.upload('/api/bloom/upload', { file: { name, content } });
  expect(res.status).toBe(201);
  return (res.body as { id: string }).id;
}

const untilSettled = (client: SessionClient, id: string, timeoutMs?: number) =>
  pollBloom(async () => (await client.get(`/api/blooms/${id}`)).body, settled, timeoutMs);

const stageOf = (bloom: Bloom, name: string) => bloom.stages.find((s) => s.name === name)!;

/** The example protocol with one sample string far longer than the model's context. */
function protocolWithHugeSample(): string {
  const protocol = JSON.parse(exampleProtocol()) as {
    instruction: { sets: { samples: { strings: string[] }[] }[] };
  };
  protocol.instruction.sets[0]!.samples[0]!.strings[0] = Array.from(
    { length: 600 },
    (_, i) => `word${i}`,
  ).join(' ');
  return JSON.stringify(protocol);
}

/** The outbox's e-mails, once one with this subject has arrived (mail is a job of its own). */
async function mailWithSubject(subject: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mail = (await outboxMails(t.dataDir)).find((m) => m.subject === subject);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no e-mail "${subject}"`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('training an agent', () => {
  let bloom: Bloom;
  let id: string;

  beforeAll(async () => {
    id = await upload(owner, exampleProtocol());
    bloom = await untilSettled(owner, id);
  }, 150_000);

  it('runs every stage to completed, and the agent reads as trained', () => {
    expect(bloom.stages.map((s) => [s.name, s.status, s.progress])).toEqual(
      bloom.stages.map((s) => [s.name, 'completed', null]),
    );
    expect(bloom.dataset).toMatchObject({ status: 'ready', model: { status: 'completed' } });
    expect(bloomStatusLabel(bloom)).toBe('trained');
    expect(bloom.downloadURL).toBe(`/api/blooms/${id}/download`);
  });

  it('stores what each training stage measured, with loss curves that fell', () => {
    const tokenizer = trainingMetricsSchema.parse(stageOf(bloom, 'training_tokenizer').metrics);
    expect(tokenizer.vocabularySize).toBeGreaterThan(256);
    for (const name of ['training_pretraining', 'training_finetuning']) {
      const metrics = trainingMetricsSchema.parse(stageOf(bloom, name).metrics);
      expect(metrics.parameters).toBeGreaterThan(1000);
      expect(metrics.tokensPerSecond).toBeGreaterThan(0);
      const curve = metrics.lossCurve!;
      expect(curve.length).toBeGreaterThan(5);
      expect(curve.at(-1)!.loss).toBeLessThan(curve[0]!.loss);
    }
    const finetuning = trainingMetricsSchema.parse(stageOf(bloom, 'training_finetuning').metrics);
    expect(finetuning.trainReactionAccuracy).toBeGreaterThanOrEqual(0);
    expect(finetuning.trainReactionAccuracy).toBeLessThanOrEqual(1);
    // The quality check: the reaction model's cross-validation asked every sample of the reactions with two or
    // more (the language model trains once: no check models, no validation curve).
    const quality = finetuning.quality!;
    expect(quality).toMatchObject({ method: 'k-fold', noReaction: 0 });
    expect(quality.runs).toBeGreaterThanOrEqual(2);
    expect(finetuning.heldOut).toBe(quality.measured);
    expect(quality.reactions.reduce((n, r) => n + r.measured, 0)).toBe(quality.measured);
    for (const r of quality.reactions) expect(r.name).not.toContain('<UNK>');
    expect(quality.refusedOnTopic).toBeInstanceOf(Array);
    expect(finetuning.validationLoss).toBeNull();
    expect(finetuning.validationCurve).toBeUndefined();
    const exporting = trainingMetricsSchema.parse(stageOf(bloom, 'training_exporting').metrics);
    expect(exporting.weightsFormat).toBe('float16');
  });

  it('keeps one row per output and one file per file output, and no checkpoint', async () => {
    expect(await outputRows(t.database.db, id)).toEqual(TRAINED_ROWS);
    expect(filesOnDisk(t.config.artifactsDir, id)).toEqual(TRAINED_FILES);
  });

  it('serves the agent file, whose parts match their checksums, to its owner only', async () => {
    const res = await owner.get(`/api/blooms/${id}/download`);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const agent = loadAgent(res.text);
    expect(JSON.parse(res.text).formatVersion).toBe(2);
    expect(agent.reactions!.instructions.length).toBeGreaterThan(0);
    expect(agent.manifest.name).toBe(bloom.name);
    expect(agent.manifest.training).toEqual({ reference: id });
    expect(agent.model.config.vocabSize).toBe(agent.tokenizer.size);
    const exporting = trainingMetricsSchema.parse(stageOf(bloom, 'training_exporting').metrics);
    expect(exporting.bytes).toBe(Buffer.byteLength(res.text));

    // Its device fit, measured at export, on the agent page: Flora-JS always; Flora native where this server
    // has its build (scripts/build.mjs, with gcc).
    const fit = bloom.deviceFit!;
    const { parameters } = trainingMetricsSchema.parse(stageOf(bloom, 'training_finetuning').metrics);
    expect(fit).toMatchObject({ fileBytes: Buffer.byteLength(res.text), parameters });
    expect(exporting.deviceFit).toEqual(fit);
    const native = (await listFloraDownloads(defaultFloraDownloadsDir)).some(
      (d) => d.kind === 'native-linux-x64',
    );
    for (const figures of native ? [fit.js, fit.native!] : [fit.js]) {
      expect(figures.memoryBytes).toBeGreaterThan(0);
      expect(figures.tokensPerSecond).toBeGreaterThan(0);
      expect(figures.firstTokenMs).toBeGreaterThan(0);
    }
    if (!native) expect(fit.nativeMissingReason).toContain('no Flora native');

    const { client: stranger } = await signedInClient(t);
    expect((await stranger.get(`/api/blooms/${id}/download`)).status).toBe(404);
  });

  it("e-mails the owner, in the owner's language, that training completed", async () => {
    const mail = await mailWithSubject(`Twój agent ${bloom.name} jest wytrenowany`);
    expect(mail.text).toContain(`http://greenhouse.test/agent/${id}`);
  });

  it(
    'pauses a stage longer than its time slice at checkpoints and goes on in new jobs, ending with the same model as one run',
    // Half-second slices: a CI worker whose modules were already warm once finished the tiny pretraining within one
    // second, so the test asks that one of the two model stages paused, not which. A minute or more on a busy
    // two-core machine (with 0.1-s slices, over two).
    { timeout: 300_000 },
    async () => {
      const sliced = await createTestApp({ env: { JOB_SLICE_SECONDS: '0.5', JOB_LEASE_SECONDS: '30' } });
      try {
        const { client } = await signedInClient(sliced);
        const slicedId = await upload(client, exampleProtocol());
        expect(bloomStatusLabel(await untilSettled(client, slicedId, 240_000))).toBe('trained');

        const runs = await sliced.database.db
          .select({ attempts: schema.bloomStages.attempts })
          .from(schema.bloomStages)
          .where(
            and(
              eq(schema.bloomStages.bloomId, slicedId),
              inArray(schema.bloomStages.name, ['training_pretraining', 'training_finetuning']),
            ),
          );
        expect(runs).toHaveLength(2);
        // It did pause and resume: more runs than the two stages.
        expect(runs.reduce((n, r) => n + r.attempts, 0)).toBeGreaterThan(2);
        expect(await outputRows(sliced.database.db, slicedId)).toEqual(TRAINED_ROWS);
        expect(filesOnDisk(sliced.config.artifactsDir, slicedId)).toEqual(TRAINED_FILES);

        // Deterministic training: the same parts, to the last bit, as this file's agent, trained in one run.
        const parts = async (client: SessionClient, id: string) => {
          const res = await client.get(`/api/blooms/${id}/download`);
          return loadAgent(res.text).manifest.files;
        };
        expect(await parts(client, slicedId)).toEqual(await parts(owner, id));
      } finally {
        await sliced.close();
      }
    },
  );

  it('removes the files with the agent', async () => {
    expect((await owner.delete(`/api/blooms/${id}`)).status).toBe(204);
    expect(filesOnDisk(t.config.artifactsDir, id)).toEqual([]);
  });
});

describe('a protocol the model cannot learn', () => {
  it(
    'fails its training with a reason the owner can read and an e-mail, while other agents train on',
    { timeout: 120_000 },
    async () => {
      const { client } = await signedInClient(t);
      const bad = await upload(client, protocolWithHugeSample(), 'huge.json');
      const good = await upload(client, exampleProtocol());
      const failed = await untilSettled(client, bad);
      expect(stageOf(failed, 'training_tokenizer')).toMatchObject({
        status: 'failed',
        error: {
          code: 'bloom.invalid_file',
          message: expect.stringMatching(/longest example is \d+ tokens/),
        },
      });
      expect(bloomStatusLabel(failed)).toBe('failed');
      expect(bloomStatusLabel(await untilSettled(client, good))).toBe('trained');
      const mail = await mailWithSubject(`Training of ${failed.name} failed`);
      expect(mail.text).toContain('longest example');
    },
  );
});
