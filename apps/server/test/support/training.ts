import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { bloomSchema, type Bloom } from '@greenhouse/contracts';
import { schema, type Db } from '@greenhouse/db';
import { fixtureProtocol, fixtureText } from '@greenhouse/mtp/testing';
import { eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { createArtifactStore } from '../../src/features/pipeline/artifact-store.js';
import { AGENT_FILE, NORMALIZED_PROTOCOL, upsertOutput } from '../../src/features/pipeline/stage-outputs.js';
import type { TestApp } from './test-app.js';

/** The text of our example protocol, the lighthouse keeper (packages/mtp/fixtures), or of another fixture. */
export const exampleProtocol = (name = 'lighthouse_2_0_1.json') => fixtureText(name);

/** Polls an agent (through `get`, the API or anything answering its JSON) until `done` says so. */
export async function pollBloom(
  get: () => Promise<unknown>,
  done: (bloom: Bloom) => boolean,
  timeoutMs = 120_000,
): Promise<Bloom> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const bloom = bloomSchema.parse(await get());
    if (done(bloom)) return bloom;
    if (Date.now() > deadline)
      throw new Error(
        // The stages without their metrics (loss curves of hundreds of points would bury the rest).
        `agent did not get there in time: ${JSON.stringify(
          bloom.stages.map(({ metrics: _metrics, ...stage }) => stage),
          null,
          1,
        )}`,
      );
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * A version's outputs written as its stages write them, without training (for tests of what reads them, such as
 * share links): the normalised protocol (a fixture's) and the agent file `content`, which make the version one
 * its download may serve. Use an app whose queue nobody works (`workers: false`), so no stage runs meanwhile.
 */
export async function exportedVersion(
  t: TestApp,
  bloomId: string,
  version: number,
  content: string,
  protocol = fixtureProtocol('lighthouse_2_0_1.json'),
): Promise<void> {
  const files = await createArtifactStore(t.config);
  const ref = await files.write(bloomId, version, AGENT_FILE.stage, AGENT_FILE.kind, Buffer.from(content));
  await t.database.db.transaction(async (tx) => {
    const key = { bloomId, version };
    await upsertOutput(tx, key, NORMALIZED_PROTOCOL.stage, NORMALIZED_PROTOCOL.kind, protocol);
    await upsertOutput(tx, key, AGENT_FILE.stage, AGENT_FILE.kind, ref);
  });
}

export const settled = (bloom: Bloom) =>
  bloom.dataset.model.status === 'completed' || bloom.stages.some((s) => s.status === 'failed');

/** The agent's output rows as "stage/kind", sorted. */
export async function outputRows(db: Db, bloomId: string): Promise<string[]> {
  const rows = await db
    .select({ stage: schema.bloomArtifacts.stage, kind: schema.bloomArtifacts.kind })
    .from(schema.bloomArtifacts)
    .where(eq(schema.bloomArtifacts.bloomId, bloomId));
  return rows.map((r) => `${r.stage}/${r.kind}`).sort();
}

/** What a trained agent has: one row per output, and one file per file output. */
export const TRAINED_ROWS = [
  'data_preparation_stage_1/protocol',
  'data_preparation_stage_2/dataset',
  'data_validation/report',
  'training_exporting/agent',
  'training_exporting/scenarios',
  'training_finetuning/reactions',
  'training_finetuning/weights',
  'training_pretraining/weights',
  'training_tokenizer/plan',
  'training_tokenizer/tokenizer',
];
export const TRAINED_FILES = [
  'training_exporting.agent',
  'training_finetuning.reactions',
  'training_finetuning.weights',
  'training_pretraining.weights',
  'training_tokenizer.tokenizer',
];

export function filesOnDisk(artifactsDir: string, bloomId: string): string[] {
  try {
    return readdirSync(path.join(artifactsDir, bloomId)).sort();
  } catch {
    return [];
  }
}

/** The e-mails in an outbox directory (the embedded mailer's), parsed. */
export async function outboxMails(dataDir: string): Promise<ParsedMail[]> {
  const dir = path.join(dataDir, 'outbox');
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.eml'));
  } catch {
    return [];
  }
  return Promise.all(names.sort().map((n) => simpleParser(readFileSync(path.join(dir, n)))));
}
