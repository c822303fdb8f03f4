import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ArtifactFiles } from './artifact-files.js';

const BLOOM = '0d9c5a2e-6c1e-4f57-9a53-0b1f0c6f8a11';
let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('artifact files', () => {
  it('writes a file whole and reads it back against its checksum', async () => {
    root = mkdtempSync(path.join(tmpdir(), 'gh-artifacts-'));
    const files = new ArtifactFiles(root);
    const ref = await files.write(BLOOM, 1, 'training_tokenizer', 'tokenizer', new Uint8Array([1, 2, 3]));
    expect(ref).toMatchObject({ file: 'training_tokenizer.tokenizer', bytes: 3 });
    expect([...(await files.read(BLOOM, ref))]).toEqual([1, 2, 3]);
    await expect(files.read(BLOOM, { ...ref, sha256: '0'.repeat(64) })).rejects.toThrow(/checksum/);
  });

  it("names version 1's files as before versions, a later version's with its number, and removes one version's", async () => {
    root = mkdtempSync(path.join(tmpdir(), 'gh-artifacts-'));
    const files = new ArtifactFiles(root);
    const first = await files.write(BLOOM, 1, 'training_exporting', 'agent', new Uint8Array([1]));
    const second = await files.write(BLOOM, 2, 'training_exporting', 'agent', new Uint8Array([2]));
    await files.write(BLOOM, 12, 'training_exporting', 'agent', new Uint8Array([12]));
    expect([first.file, second.file]).toEqual(['training_exporting.agent', 'v2.training_exporting.agent']);
    await files.removeVersion(BLOOM, 1);
    expect(await files.list(BLOOM)).toEqual(['v12.training_exporting.agent', 'v2.training_exporting.agent']);
    await files.removeVersion(BLOOM, 2);
    expect(await files.list(BLOOM)).toEqual(['v12.training_exporting.agent']);
  });

  it('leaves no temporary file behind when a write fails', async () => {
    root = mkdtempSync(path.join(tmpdir(), 'gh-artifacts-'));
    const files = new ArtifactFiles(root);
    // The file's place is taken by a folder: the data is written, then the rename fails (EISDIR).
    mkdirSync(path.join(root, BLOOM, 'training_exporting.agent'), { recursive: true });
    await expect(
      files.write(BLOOM, 1, 'training_exporting', 'agent', new Uint8Array(100_000)),
    ).rejects.toMatchObject({ code: expect.stringMatching(/EISDIR|ENOTEMPTY|EEXIST/) });
    expect(readdirSync(path.join(root, BLOOM))).toEqual(['training_exporting.agent']);
  });
});
