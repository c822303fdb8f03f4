// The Unreal model folder: its files, their checksums and versions, and the same folder as a .zip that unzip
// reads back byte for byte (when unzip is installed).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { trainedAgent } from '../test/fixture.js';
import { crc32 } from './crc32.js';
import { exportUnreal, exportUnrealZip, NATIVE_FORMAT_VERSION, unrealFolderName } from './export-unreal.js';

let agent: string;
beforeAll(async () => {
  agent = (await trainedAgent()).agent;
}, 60_000);

describe('exportUnreal', () => {
  it('writes <Name>/<Name>_template.json, tokenizer.bin and weights.bin, versioned and checksummed', async () => {
    const folder = await exportUnreal(agent);
    expect(folder.name).toBe('Fixture_bloom');
    expect([...folder.files.keys()]).toEqual([
      'Fixture_bloom/Fixture_bloom_template.json',
      'Fixture_bloom/tokenizer.bin',
      'Fixture_bloom/weights.bin',
    ]);
    const template = JSON.parse(
      new TextDecoder().decode(folder.files.get('Fixture_bloom/Fixture_bloom_template.json')),
    );
    expect(template.inputs).toBe(2);
    for (const [file, magic] of [
      ['tokenizer.bin', 'FLORATOK'],
      ['weights.bin', 'FLORAWTS'],
    ] as const) {
      const bytes = folder.files.get(`Fixture_bloom/${file}`)!;
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      expect(new TextDecoder().decode(bytes.subarray(0, 8))).toBe(magic);
      expect(view.getUint32(8, true)).toBe(NATIVE_FORMAT_VERSION);
      expect(view.getUint32(bytes.length - 4, true)).toBe(crc32(bytes.subarray(0, bytes.length - 4)));
    }
  });

  it('names the folder in letters, digits and _', () => {
    expect(unrealFolderName('Café owner: Anna!')).toBe('Cafe_owner_Anna');
    expect(unrealFolderName('🐱')).toBe('Agent');
  });

  it('zips the folder so that unzip reads every file back', async () => {
    const folder = await exportUnreal(agent);
    const { fileName, zip } = await exportUnrealZip(agent);
    expect(fileName).toBe('Fixture_bloom.zip');
    expect(new DataView(zip.buffer).getUint32(zip.length - 22, true)).toBe(0x06054b50);
    if (spawnSync('unzip', ['-v'], { stdio: 'ignore' }).status !== 0) {
      console.warn('export-unreal: unzip is not installed — the .zip is not read back');
      return;
    }
    const dir = mkdtempSync(path.join(tmpdir(), 'flora-zip-'));
    writeFileSync(path.join(dir, fileName), zip);
    const run = spawnSync('unzip', ['-q', fileName], { cwd: dir, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    for (const [name, bytes] of folder.files)
      expect(Buffer.compare(readFileSync(path.join(dir, name)), Buffer.from(bytes))).toBe(0);
  });
});
