// The Unreal model folder's .zip (e2e/agent-downloads.test.ts opens a real one with unzip).
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zipFolder } from './zip-folder';

const folder = {
  name: 'Shop_keeper',
  files: new Map([
    ['Shop_keeper/Shop_keeper_template.json', new TextEncoder().encode('{"inputs":1}')],
    ['Shop_keeper/weights.bin', Uint8Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256)],
  ]),
};

describe('zipFolder', () => {
  it('names the .zip for the folder and holds each file as it is, stored, the same bytes every time', async () => {
    const { fileName, zip } = await zipFolder(folder);
    expect(fileName).toBe('Shop_keeper.zip');
    const entries = unzipSync(zip);
    expect(Object.keys(entries)).toEqual([...folder.files.keys()]);
    for (const [name, bytes] of folder.files) expect(entries[name]).toEqual(bytes);
    // Stored: the archive is the files plus headers, not smaller.
    expect(zip.length).toBeGreaterThan(70_000);
    expect((await zipFolder(folder)).zip).toEqual(zip);
  });
});
