// Issue 35: both artifact stores pass one suite — the folder (ARTIFACTS_DIR) and S3 (ARTIFACTS_URL) against the
// test peer (support/s3-peer.ts) — so the rest of the server may take either.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createArtifactStore, type ArtifactStore } from '../src/features/pipeline/artifact-store.js';
import { LocalArtifactStore } from '../src/features/pipeline/local-artifact-store.js';
import { S3ArtifactStore } from '../src/features/pipeline/s3-artifact-store.js';
import { startS3Peer, type S3Peer } from './support/s3-peer.js';

const BLOOM = '0d9c5a2e-6c1e-4f57-9a53-0b1f0c6f8a11';
const OTHER = '7c1d2a44-3b9e-4e0f-8d1a-5b6c7d8e9f00';
const bytes = (...values: number[]) => new Uint8Array(values);

let peer: S3Peer;
const folders: string[] = [];
let prefixes = 0;

beforeAll(async () => {
  peer = await startS3Peer();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await peer.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A store of each kind, empty, made as the server makes it: from its configuration. */
const stores: Record<string, () => Promise<ArtifactStore>> = {
  folder: () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'gh-artifacts-'));
    folders.push(folder);
    return createArtifactStore(loadConfig({ ARTIFACTS_DIR: folder }));
  },
  S3: () => {
    const env = peer.env(`suite-${++prefixes}/artifacts`);
    for (const name of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']) vi.stubEnv(name, env[name]);
    return createArtifactStore(loadConfig(env));
  },
};

describe.each(Object.keys(stores))('the %s artifact store', (kind) => {
  const empty = () => stores[kind]!();

  it('is the kind the configuration names', async () => {
    expect(await empty()).toBeInstanceOf(kind === 'S3' ? S3ArtifactStore : LocalArtifactStore);
  });

  it('writes a file whole and reads it back against its checksum', async () => {
    const files = await empty();
    const data = new Uint8Array(300_000).map((_, i) => i % 251);
    const ref = await files.write(BLOOM, 1, 'training_tokenizer', 'tokenizer', data);
    expect(ref).toMatchObject({ file: 'training_tokenizer.tokenizer', bytes: 300_000 });
    expect((await files.read(BLOOM, ref)).equals(data)).toBe(true);
    await expect(files.read(BLOOM, { ...ref, sha256: '0'.repeat(64) })).rejects.toThrow(/checksum/);
  });

  it('replaces a file written again under its name: one file per output', async () => {
    const files = await empty();
    await files.write(BLOOM, 1, 'training_exporting', 'agent', bytes(1));
    const second = await files.write(BLOOM, 1, 'training_exporting', 'agent', bytes(2, 2));
    expect(await files.list(BLOOM)).toEqual(['training_exporting.agent']);
    expect([...(await files.read(BLOOM, second))]).toEqual([2, 2]);
  });

  it("names version 1's files as before versions, a later version's with its number, and removes one version's", async () => {
    const files = await empty();
    const first = await files.write(BLOOM, 1, 'training_exporting', 'agent', bytes(1));
    const second = await files.write(BLOOM, 2, 'training_exporting', 'agent', bytes(2));
    await files.write(BLOOM, 12, 'training_exporting', 'agent', bytes(12));
    expect([first.file, second.file]).toEqual(['training_exporting.agent', 'v2.training_exporting.agent']);
    await files.removeVersion(BLOOM, 1);
    expect(await files.list(BLOOM)).toEqual(['v12.training_exporting.agent', 'v2.training_exporting.agent']);
    await files.removeVersion(BLOOM, 2);
    expect(await files.list(BLOOM)).toEqual(['v12.training_exporting.agent']);
  });

  it("removes a stage's checkpoints but the one kept, and nothing of another stage", async () => {
    const files = await empty();
    await files.write(BLOOM, 1, 'training_pretraining', 'checkpoint-1', bytes(1));
    const kept = await files.write(BLOOM, 1, 'training_pretraining', 'checkpoint-2', bytes(2));
    await files.write(BLOOM, 1, 'training_finetuning', 'checkpoint-1', bytes(3));
    await files.removeCheckpoints(BLOOM, 1, 'training_pretraining', kept.file);
    expect(await files.list(BLOOM)).toEqual([
      'training_finetuning.checkpoint-1',
      'training_pretraining.checkpoint-2',
    ]);
  });

  it('lists the agents that have files, and deletes all of one agent', async () => {
    const files = await empty();
    expect(await files.bloomIds()).toEqual([]);
    await files.write(BLOOM, 1, 'training_exporting', 'agent', bytes(1));
    await files.write(OTHER, 1, 'training_exporting', 'agent', bytes(2));
    expect(await files.bloomIds()).toEqual([BLOOM, OTHER].sort());
    await files.removeAll(BLOOM);
    expect(await files.list(BLOOM)).toEqual([]);
    expect(await files.bloomIds()).toEqual([OTHER]);
    // Removing what is gone is no error.
    await files.removeAll(BLOOM);
    await files.remove(OTHER, 'no-such.file');
    expect(await files.list(OTHER)).toEqual(['training_exporting.agent']);
  });

  it('lists and deletes more files than one listing page holds', async () => {
    const files = await empty();
    // S3 answers 1,000 keys a page: 1,005 make a second page (written 25 at a time).
    for (let start = 0; start < 1_005; start += 25)
      await Promise.all(
        Array.from({ length: Math.min(25, 1_005 - start) }, (_, i) =>
          files.put(BLOOM, `training_pretraining.checkpoint-${String(start + i).padStart(4, '0')}`, bytes(i)),
        ),
      );
    expect(await files.list(BLOOM)).toHaveLength(1_005);
    await files.removeAll(BLOOM);
    expect(await files.list(BLOOM)).toEqual([]);
  }, 120_000);

  it('refuses a name that could leave its place', async () => {
    const files = await empty();
    await expect(files.write('../etc', 1, 'training_exporting', 'agent', bytes(1))).rejects.toThrow(/bad id/);
    await expect(files.put(BLOOM, '../x', bytes(1))).rejects.toThrow(/bad file/);
    await expect(files.list('a/b')).rejects.toThrow(/bad id/);
  });

  it(
    kind === 'S3'
      ? 'gives a presigned address that serves the file, named, for a while'
      : 'gives no address of its own: the API sends the file',
    async () => {
      const files = await empty();
      const data = bytes(123, 34, 125);
      const ref = await files.write(BLOOM, 1, 'training_exporting', 'agent', data);
      const disposition = 'attachment; filename="Keeper.json"';
      const direct = await files.directDownload(BLOOM, ref, disposition);
      if (kind !== 'S3') return expect(direct).toBeNull();
      expect(direct!.url.startsWith(`${peer.endpoint}/`)).toBe(true);
      expect(new URL(direct!.url).searchParams.get('X-Amz-Expires')).toBe('300');
      const answer = await fetch(direct!.url);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-disposition')).toBe(disposition);
      expect(Buffer.from(await answer.arrayBuffer()).equals(Buffer.from(data))).toBe(true);
    },
  );
});

describe('the folder store', () => {
  it('leaves no temporary file behind when a write fails', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'gh-artifacts-'));
    folders.push(root);
    const files = new LocalArtifactStore(root);
    // The file's place is taken by a folder: the data is written, then the rename fails (EISDIR).
    mkdirSync(path.join(root, BLOOM, 'training_exporting.agent'), { recursive: true });
    await expect(
      files.write(BLOOM, 1, 'training_exporting', 'agent', new Uint8Array(100_000)),
    ).rejects.toMatchObject({ code: expect.stringMatching(/EISDIR|ENOTEMPTY|EEXIST/) });
    expect(readdirSync(path.join(root, BLOOM))).toEqual(['training_exporting.agent']);
  });
});

describe('the S3 store', () => {
  it('fails with the service’s reason when the bucket does not exist, and writes nothing elsewhere', async () => {
    const env: Record<string, string> = { ...peer.env('x'), ARTIFACTS_URL: 's3://no-such-bucket/x' };
    for (const name of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']) vi.stubEnv(name, env[name]);
    const files = await createArtifactStore(loadConfig(env));
    await expect(files.write(BLOOM, 1, 'training_exporting', 'agent', bytes(1))).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
  });
});
