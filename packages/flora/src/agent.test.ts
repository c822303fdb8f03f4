import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { trainedAgent } from '../test/fixture.js';
import { exampleRequests } from '../test/requests.js';
import { FloraError, loadAgent, type Agent, type RunRequest } from './index.js';
import { parseOutput } from './template.js';

let text: string;
let agent: Agent;
let requests: RunRequest[];

beforeAll(async () => {
  const trained = await trainedAgent();
  text = trained.agent;
  agent = await loadAgent(text);
  requests = exampleRequests(trained.protocol);
}, 60_000);

/** The agent file as loosely typed JSON, for breaking it on purpose. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

/** The agent file with `change` applied to its parsed JSON. */
const edit = (change: (file: Loose) => void) => {
  const file = JSON.parse(text) as Loose;
  change(file);
  return JSON.stringify(file);
};
const sha = (bytes: Uint8Array | string) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

async function codeOf(source: string | Uint8Array): Promise<string> {
  try {
    await loadAgent(source);
    return 'loaded';
  } catch (e) {
    expect(e).toBeInstanceOf(FloraError);
    return (e as FloraError).code;
  }
}

describe('loadAgent', () => {
  it('loads text, bytes and an ArrayBuffer alike, and describes the agent', async () => {
    const bytes = new TextEncoder().encode(text);
    const fromBytes = await loadAgent(bytes);
    const fromBuffer = await loadAgent(bytes.slice().buffer);
    for (const a of [agent, fromBytes, fromBuffer]) {
      expect(a.info.bytes).toBe(bytes.length);
      expect(a.info.weightsBytes).toBe(2 * a.info.parameters);
      expect(a.run(requests[0]!)).toMatchObject({ output: agent.run(requests[0]!).output });
    }
    const i = agent.info;
    expect(i).toMatchObject({
      name: 'Fixture bloom',
      formatVersion: 2,
      createdTime: '2026-01-01T00:00:00.000Z',
      kernel: 'wasm-simd',
    });
    expect(i.architecture).toMatchObject({
      dModel: 32,
      nLayers: 2,
      nHeads: 2,
      dFF: 128,
      tieEmbeddings: true,
    });
    expect(i.instructions).toBe(agent.instructions);
    expect(i.instructions).toHaveLength(3);
    expect(i.reactions).toEqual(
      expect.arrayContaining(['Chat_', 'Chat_<UNK>_', 'Horn_', 'Lamp_', 'Lamp_<UNK>_', 'Warning_']),
    );
    expect(i.metrics).toHaveProperty('finetuning.steps', 80);
  });

  it('reads a re-formatted file (pretty JSON, escaped slashes) the slow way, with the same result', async () => {
    const pretty = JSON.stringify(JSON.parse(text), null, 2);
    const escaped = text.replace(
      /("weights\.bin":")([^"]*)/,
      (_, key: string, b64: string) => key + b64.replaceAll('/', '\\/'),
    );
    expect(escaped).not.toBe(text);
    for (const source of [pretty, escaped])
      expect((await loadAgent(source)).run(requests[1]!)).toMatchObject({
        output: agent.run(requests[1]!).output,
      });
  });

  it('refuses damaged and unknown files with stable codes', async () => {
    expect(await codeOf('{"format": "greenhouse-agent"')).toBe('invalid_json');
    expect(await codeOf(new Uint8Array([0x7b, 0xff, 0x7d]))).toBe('invalid_json');
    expect(await codeOf('{"format": "something-else", "formatVersion": 1}')).toBe('unknown_format');
    expect(await codeOf('[1, 2]')).toBe('unknown_format');
    expect(await codeOf(edit((f) => (f.formatVersion = 3)))).toBe('unsupported_version');
    // reactions.bin: another byte (the checksum says so); another model with its checksum (the reader says
    // what is wrong); missing from a version-2 file.
    const reactions = () => Buffer.from(JSON.parse(text).files['reactions.bin'], 'base64');
    const withReactions = (bytes: Uint8Array, checksum = sha(bytes)) =>
      edit((f) => {
        f.files['reactions.bin'] = Buffer.from(bytes).toString('base64');
        f.manifest.files.find((e: { path: string }) => e.path === 'reactions.bin').checksum = checksum;
      });
    const flipped = reactions();
    flipped[40]! ^= 1;
    expect(await codeOf(withReactions(flipped, sha(reactions())))).toBe('checksum_mismatch');
    expect(await codeOf(withReactions(reactions().subarray(0, 100)))).toBe('damaged');
    const wrongVersion = reactions();
    wrongVersion.writeUInt32LE(9, 4);
    expect(await codeOf(withReactions(wrongVersion))).toBe('damaged');
    expect(
      await codeOf(
        edit((f) => {
          delete f.files['reactions.bin'];
          f.manifest.files = f.manifest.files.filter((e: { path: string }) => e.path !== 'reactions.bin');
        }),
      ),
    ).toBe('damaged');
    expect(
      await codeOf(
        edit((f) => (f.files['tokenizer.json'] = f.files['tokenizer.json'].replace('<EOS>', '<EOF>'))),
      ),
    ).toBe('checksum_mismatch');
    // One flipped base64 character of the weights: still valid base64, other bytes.
    expect(
      await codeOf(
        edit(
          (f) =>
            (f.files['weights.bin'] =
              (f.files['weights.bin'][0] === 'A' ? 'B' : 'A') + f.files['weights.bin'].slice(1)),
        ),
      ),
    ).toBe('checksum_mismatch');
    expect(await codeOf(edit((f) => (f.files['weights.bin'] = f.files['weights.bin'].slice(0, -4))))).toBe(
      'damaged',
    );
    expect(await codeOf(edit((f) => (f.files['weights.bin'] = '*' + f.files['weights.bin'].slice(1))))).toBe(
      'damaged',
    );
    // The same from bytes (another decoding path), and a bad character past the first chunk.
    const bytes = (file: string) => new TextEncoder().encode(file);
    expect(
      await codeOf(bytes(edit((f) => (f.files['weights.bin'] = '*' + f.files['weights.bin'].slice(1))))),
    ).toBe('damaged');
    expect(
      await codeOf(
        bytes(
          edit((f) => {
            const b64: string = f.files['weights.bin'];
            f.files['weights.bin'] = b64.slice(0, b64.length - 100) + '!' + b64.slice(b64.length - 99);
          }),
        ),
      ),
    ).toBe('damaged');
    expect(
      await codeOf(
        bytes(
          edit(
            (f) =>
              (f.files['weights.bin'] =
                (f.files['weights.bin'][0] === 'A' ? 'B' : 'A') + f.files['weights.bin'].slice(1)),
          ),
        ),
      ),
    ).toBe('checksum_mismatch');
    expect(await codeOf(edit((f) => delete f.files['template.json']))).toBe('damaged');
    expect(await codeOf(edit((f) => (f.manifest.files = f.manifest.files.slice(1))))).toBe('damaged');
    expect(await codeOf(edit((f) => (f.manifest.weights.tensors[1].offset += 2)))).toBe('damaged');
    expect(await codeOf(edit((f) => (f.manifest.architecture.dModel = 64)))).toBe('damaged');
    expect(await codeOf(edit((f) => (f.manifest.architecture.activation = 'relu')))).toBe(
      'unsupported_architecture',
    );
    expect(await codeOf(edit((f) => (f.manifest.weights.format = 'int8')))).toBe('unsupported_architecture');
  });

  it('refuses weights holding Infinity or NaN even with a matching checksum', async () => {
    const damaged = edit((f) => {
      const bytes = Buffer.from(f.files['weights.bin'], 'base64');
      bytes.writeUInt16LE(0x7c00, 0); // +Infinity as the first value of wte
      f.files['weights.bin'] = bytes.toString('base64');
      f.manifest.files.find((e: { path: string }) => e.path === 'weights.bin').checksum = sha(bytes);
    });
    expect(await codeOf(damaged)).toBe('damaged');
  });
});

describe('an older, version-1 agent file', () => {
  it('still loads and answers (the model chooses the reaction after its line)', async () => {
    const { agent: v1, protocol } = await trainedAgent(80, { formatVersion: 1 });
    expect(JSON.parse(v1).formatVersion).toBe(1);
    const old = await loadAgent(v1);
    expect(old.info.formatVersion).toBe(1);
    for (const request of exampleRequests(protocol)) {
      const r = old.run(request);
      const instruction = old.instructions.find((i) => i.name === request.instruction)!;
      expect(instruction.reactions).toContain(r.reaction.replace(/-?\d+(\.\d+)?$/, ''));
    }
  }, 60_000);
});

describe('run and stream', () => {
  it('generates greedily by default: the same answer every time', () => {
    const a = agent.run(requests[0]!);
    expect(agent.run(requests[0]!)).toMatchObject({
      output: a.output,
      reaction: a.reaction,
      tokens: a.tokens,
    });
    expect(a.stopReason).toBe('eos');
    expect(a.tokensPerSecond).toBeGreaterThan(0);
    expect(a.promptTokens).toBeGreaterThan(10);
  });

  it('streams the text that run parses, piece by piece', () => {
    const stream = agent.stream(requests[2]!);
    const pieces: string[] = [];
    let next = stream.next();
    while (!next.done) {
      pieces.push(next.value);
      next = stream.next();
    }
    const result = next.value;
    expect(pieces.length).toBeGreaterThan(1);
    expect(parseOutput(pieces.join(''))).toEqual({ output: result.output, reaction: result.reaction });
    expect(pieces.join('')).toContain(result.output);
    const run = agent.run(requests[2]!);
    expect(result).toMatchObject({ output: run.output, reaction: run.reaction, tokens: run.tokens });
  });

  it('samples with a seed: reproducible, and different across seeds', () => {
    const opts = { temperature: 1.5, topK: 50, maxTokens: 30 };
    const texts = [1, 2, 3, 4].map((seed) => agent.run(requests[3]!, { ...opts, seed }).output);
    expect(agent.run(requests[3]!, { ...opts, seed: 1 }).output).toBe(texts[0]);
    expect(new Set(texts).size).toBeGreaterThan(1);
    // topK 1 is greedy whatever the temperature.
    expect(agent.run(requests[3]!, { temperature: 5, topK: 1 }).output).toBe(agent.run(requests[3]!).output);
  });

  it('ends the output line at maxTokens, and still answers with a reaction of the instruction', () => {
    const full = agent.run(requests[0]!);
    const r = agent.run(requests[0]!, { maxTokens: 2 });
    expect(r.stopReason).toBe('max_tokens');
    expect(full.output.startsWith(r.output)).toBe(true);
    expect(r.output.length).toBeLessThan(full.output.length);
    const instruction = agent.instructions.find((i) => i.name === requests[0]!.instruction)!;
    expect(instruction.reactions[r.reactionIndex]).toBe(r.reaction);
  });

  it('refuses bad requests and options with stable codes, at the call', () => {
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as FloraError).code;
      }
      return 'none';
    };
    const ok = requests[0]!;
    expect(code(() => agent.stream({ ...ok, instruction: 'nope' }))).toBe('unknown_instruction');
    expect(code(() => agent.run({ ...ok, inputs: [] }))).toBe('bad_input');
    expect(code(() => agent.run(null as never))).toBe('bad_input');
    expect(code(() => agent.run(ok, { temperature: -1 }))).toBe('bad_option');
    expect(code(() => agent.run(ok, { topK: 0 }))).toBe('bad_option');
    expect(code(() => agent.run(ok, { maxTokens: 1.5 }))).toBe('bad_option');
    expect(code(() => agent.run(ok, { seed: Number.NaN }))).toBe('bad_option');
    const long = { ...ok, inputs: ok.inputs.map((i) => ({ ...i, text: 'very long '.repeat(200) })) };
    expect(code(() => agent.run(long))).toBe('prompt_too_long');
  });

  it('stops a stream that another run interrupted (they share the KV cache)', () => {
    const first = agent.stream(requests[0]!);
    first.next();
    agent.run(requests[1]!);
    expect(() => first.next()).toThrow(expect.objectContaining({ code: 'interrupted' }));
  });
});
