// Device fit's pieces that need no child process: reading a measurer's JSON line, where the measurer is, and the
// standard request (measured end to end by cli.test.ts).
import { describe, expect, it } from 'vitest';
import { randomAgent } from '../test/fixture.js';
import { deviceFitBeside, parseFigures, standardRequest } from './device-fit.js';
import { loadAgent } from './index.js';

const FIELDS = ['memoryBytes', 'tokensPerSecond', 'firstTokenMs'] as const;

describe('parseFigures', () => {
  it("reads the last line's figures, and only those asked for", () => {
    const out = 'a log line\n{"tokensPerSecond":11696.8,"firstTokenMs":1.347,"memoryBytes":2801664,"x":1}\n';
    expect(parseFigures(out, FIELDS)).toEqual({
      memoryBytes: 2_801_664,
      tokensPerSecond: 11_696.8,
      firstTokenMs: 1.347,
    });
  });

  it.each([
    ['', 'printed no JSON'],
    ['device-fit: cannot load the library', 'printed no JSON ("device-fit: cannot load the library")'],
    ['[1, 2]', 'memoryBytes is not a number ≥ 0 (undefined)'],
    ['null', 'printed no JSON object'],
    ['{"memoryBytes":-1,"tokensPerSecond":1,"firstTokenMs":1}', 'memoryBytes is not a number ≥ 0 (-1)'],
    [
      '{"memoryBytes":1,"tokensPerSecond":"fast","firstTokenMs":1}',
      'tokensPerSecond is not a number ≥ 0 ("fast")',
    ],
    ['{"memoryBytes":1,"tokensPerSecond":1}', 'firstTokenMs is not a number ≥ 0 (undefined)'],
  ])('refuses %j with a reason', (out, reason) => {
    expect(() => parseFigures(out, FIELDS)).toThrow(reason);
  });
});

describe('deviceFitBeside', () => {
  it("is the library's name with -fit for .so, as Flora native's build writes it", () => {
    expect(deviceFitBeside('/d/flora-native-0.1.0-linux-x64.so')).toBe('/d/flora-native-0.1.0-linux-x64-fit');
  });
});

describe('standardRequest', () => {
  it("is the first instruction's, a sentence on every line and each number slot at its minimum", async () => {
    const agent = await loadAgent(
      randomAgent({ dModel: 16, nLayers: 1, nHeads: 2, dFF: 32, contextLength: 256 }, 1).agent,
    );
    const request = standardRequest(agent)!;
    const first = agent.instructions[0]!;
    expect(request.instruction).toBe(first.name);
    expect(request.inputs.map((i) => i.numbers?.length)).toEqual(first.inputs.map((l) => l.numbers));
    expect(() => agent.prompt(request)).not.toThrow();
  });
});
