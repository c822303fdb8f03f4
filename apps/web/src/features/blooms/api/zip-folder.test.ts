// The Unreal model folder's .zip: what an unzip tool reads back is the folder, byte for byte.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { zipFolder } from './zip-folder';

const folder = {
  name: 'Shop_keeper',
  files: new Map([
    ['Shop_keeper/Shop_keeper_template.json', new TextEncoder().encode('{"inputs":1}')],
    ['Shop_keeper/weights.bin', Uint8Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256)],
  ]),
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('zipFolder', () => {
  it('names the .zip for the folder and holds each file as it is, the same bytes every time', async () => {
    const { fileName, zip } = await zipFolder(folder);
    expect(fileName).toBe('Shop_keeper.zip');
    const entries = unzipSync(zip);
    expect(Object.keys(entries)).toEqual([...folder.files.keys()]);
    for (const [name, bytes] of folder.files) expect(entries[name]).toEqual(bytes);
    expect((await zipFolder(folder)).zip).toEqual(zip);
  });

  it('is read back by unzip', async () => {
    if (spawnSync('unzip', ['-v'], { stdio: 'ignore' }).status !== 0) {
      console.warn('zipFolder: unzip is not installed here — the .zip is not read back by it');
      return;
    }
    const { fileName, zip } = await zipFolder(folder);
    const dir = mkdtempSync(path.join(tmpdir(), 'gh-zip-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, fileName), zip);
    const run = spawnSync('unzip', ['-q', fileName], { cwd: dir, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    for (const [name, bytes] of folder.files)
      expect(Buffer.compare(readFileSync(path.join(dir, name)), Buffer.from(bytes))).toBe(0);
  });
});
