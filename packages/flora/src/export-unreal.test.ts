// The Unreal model folder: its files, their checksums and versions.
import { beforeAll, describe, expect, it } from 'vitest';
import { randomAgent, trainedAgent } from '../test/fixture.js';
import { readAgentFile } from './agent-file.js';
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

  it("ends a version-2 agent's tokenizer.bin with its reactions.bin as it is; a version-1 agent's folder is version 1", async () => {
    const reactions = (await readAgentFile(agent)).reactions!;
    const v2 = (await exportUnreal(agent)).files.get('Fixture_bloom/tokenizer.bin')!;
    const view = new DataView(v2.buffer, v2.byteOffset, v2.byteLength);
    const at = v2.length - 4 - reactions.length;
    expect(view.getUint32(at - 4, true)).toBe(reactions.length);
    expect(v2.subarray(at, v2.length - 4)).toEqual(reactions);

    // Version 1 (no reaction model): both files version 1, tokenizer.bin ending with the instructions.
    const old = await exportUnreal(randomAgent({ dModel: 32, nLayers: 1, nHeads: 2, dFF: 64 }).agent);
    for (const file of ['tokenizer.bin', 'weights.bin']) {
      const bytes = old.files.get(`Random_bloom/${file}`)!;
      expect(new DataView(bytes.buffer, bytes.byteOffset).getUint32(8, true), file).toBe(1);
    }
    const tokenizer = old.files.get('Random_bloom/tokenizer.bin')!;
    const text = new TextDecoder().decode(tokenizer);
    // The last instruction's last reaction: its line, u8 1 (a FinalNumToken), u32 count and its ids, the CRC-32.
    const last = text.lastIndexOf('Warning_');
    const count = new DataView(tokenizer.buffer, tokenizer.byteOffset).getUint32(
      last + 'Warning_'.length + 1,
      true,
    );
    expect(last + 'Warning_'.length + 1 + 4 + 4 * count + 4).toBe(tokenizer.length);
  });

  it('names the folder in letters, digits and _', () => {
    expect(unrealFolderName('Café owner: Anna!')).toBe('Cafe_owner_Anna');
    expect(unrealFolderName('🐱')).toBe('Agent');
  });
});
