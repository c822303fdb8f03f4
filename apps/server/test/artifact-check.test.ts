// After a restore, every file output's row is checked against its file (pipeline/artifact-check.ts):
// matching files pass, a changed checkpoint is dropped (row and file), any other difference is reported.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { schema } from '@greenhouse/db';
import { createTestDatabase, type TestDatabase } from '@greenhouse/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkArtifactFiles } from '../src/features/pipeline/artifact-check.js';
import { LocalArtifactStore } from '../src/features/pipeline/local-artifact-store.js';

let test: TestDatabase;
const artifactsDir = mkdtempSync(path.join(tmpdir(), 'gh-check-'));
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(async () => {
  await test.dispose();
  rmSync(artifactsDir, { recursive: true, force: true });
});

describe('checkArtifactFiles', () => {
  it('keeps matching files, drops a changed checkpoint, reports a missing or changed output', async () => {
    const { db } = test.database;
    const [user] = await db
      .insert(schema.users)
      .values({ email: 'check@example.com', firstName: 'Ch', lastName: 'Eck' })
      .returning();
    const [bloom] = await db
      .insert(schema.blooms)
      .values({ userId: user!.id, name: 'A', datasetName: 'a.json', paymentStatus: 'paid', priceCents: 0 })
      .returning();
    const id = bloom!.id;
    const files = new LocalArtifactStore(artifactsDir);
    const row = async (
      stage: 'training_tokenizer' | 'training_pretraining' | 'training_exporting',
      kind: string,
      content: unknown,
    ) => db.insert(schema.bloomArtifacts).values({ bloomId: id, stage, kind, content });

    await row(
      'training_tokenizer',
      'tokenizer',
      await files.write(id, 1, 'training_tokenizer', 'tokenizer', Buffer.from('tok')),
    );
    await row('training_tokenizer', 'plan', { steps: 3 }); // a JSON output: no file
    // The checkpoint of the dump, then a later pause replaced the file.
    await row(
      'training_pretraining',
      'checkpoint',
      await files.write(id, 1, 'training_pretraining', 'checkpoint', Buffer.from('step 10')),
    );
    writeFileSync(path.join(artifactsDir, id, 'training_pretraining.checkpoint'), 'step 20');
    // The agent file's row, its file gone (the agent deleted during the backup).
    await row('training_exporting', 'agent', {
      file: 'training_exporting.agent',
      bytes: 5,
      sha256: '0'.repeat(64),
    });

    const check = await checkArtifactFiles(db, files);
    expect(check.matching).toBe(1);
    expect(check.checkpointsDropped).toEqual([`${id} training_pretraining/checkpoint`]);
    expect(check.broken).toHaveLength(1);
    expect(check.broken[0]).toContain(`${id} training_exporting/agent`);
    const kinds = (await db.select().from(schema.bloomArtifacts)).map((r) => `${r.stage}/${r.kind}`).sort();
    expect(kinds).toEqual([
      'training_exporting/agent',
      'training_tokenizer/plan',
      'training_tokenizer/tokenizer',
    ]);
    expect(await files.list(id)).toEqual(['training_tokenizer.tokenizer']);
  });
});
