// The Unreal model folder: its files, their checksums and versions.
import { beforeAll, describe, expect, it } from 'vitest';
import { trainedAgent } from '../test/fixture.js';
import { crc32 } from './crc32.js';
import { exportUnreal, NATIVE_FORMAT_VERSION, unrealFolderName } from './export-unreal.js';

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
});
