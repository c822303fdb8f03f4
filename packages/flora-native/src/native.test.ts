// Flora native against Flora-JS: the library built here, loaded by a C program the way the Unreal plugin loads
// it (dlopen, the five functions by name), answers every training sample of a trained fixture agent exactly as
// Flora-JS does, from the exported model folder and the prompts the plugin renders, each with a TokenSpeed above 0;
// a bad folder gives NULL and its reason in the log file LogAddFilePointer opens; two models on two threads give
// the same answers; valgrind finds no error and no leak (one short sample each on two threads, two models from two
// exported folders). All of it for both agent format versions: a version-2 agent (reaction first: its reaction
// model, exported in tokenizer.bin version 2) and a version-1 one (output first, a version-1 folder as before).
// For version 2 also: held-out lines (off-topic ones refused, numbers in the key lines' slots) answered as Flora-JS
// answers them, the reaction model's feature hashes and scores bit for bit, decimal numbers read as Number() reads
// them, and a damaged or inconsistent reaction model refused (NULL and the reason logged); for both, ties (every
// logit equal) broken as Flora-JS breaks them. Without gcc the test is skipped with one loud line (failed under
// CI=true, whose machine has it). The Windows DLL (mingw-w64) is checked for its exports with objdump, and answers
// the samples under wine when wine is installed (.ci/run installs Debian's).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportUnreal, FloraError, loadAgent, type RunRequest } from '@greenhouse/flora';
import { buildNative, hasCompiler, nativeRoot } from '../build.mjs';
import { parseProtocolText } from '@greenhouse/mtp';
import { planReactions, trainReactionModel } from '@greenhouse/trainer';
import { randomAgent, trainedAgent } from '../../flora/test/fixture.js';
import { checkAgentFile } from '../../flora/src/agent.js';
import { readAgentFile } from '../../flora/src/agent-file.js';
import { crc32 } from '../../flora/src/crc32.js';
import { Model } from '../../flora/src/model.js';
import { mulberry32 } from '../../flora/src/sampling.js';
import { Tokenizer } from '../../flora/src/tokenizer.js';
import { exampleRequests } from '../../flora/test/requests.js';
import {
  chooseReaction,
  decodeReactionModel,
  encodeReactionModel,
  requestHashes,
  type ReactionModel,
} from '../../agent-format/src/index.js';

const gcc = hasCompiler('linux-x64') && process.platform === 'linux' && process.arch === 'x64';
const mingw = gcc && hasCompiler('windows-x64');
const wine = ['wine64', '/usr/lib/wine/wine64', 'wine'].find(
  (w) => mingw && spawnSync(w, ['--version'], { stdio: 'ignore' }).status === 0,
);
const PLUGIN_EXPORTS = ['Delete', 'Inference', 'InitNLM', 'LogAddFilePointer', 'OutputNLM'];
if (!gcc) {
  const line = 'flora-native: SKIPPED — no gcc for linux-x64 here, so the native library is not tested';
  if (process.env.CI === 'true') throw new Error(line);
  console.warn(line);
}

interface Template {
  inputs: number;
  instructions: Record<string, { type: string; input: string[] }>;
}

const SLOT = /<num_(-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)_(-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)(?:_(\d+))?>/g;

/** A key line with its number slots filled (the plugin leaves them as they are: the game writes the numbers). */
function fill(pattern: string, numbers: number[]): string {
  let at = 0;
  return pattern.replace(SLOT, (_m, _min, _max, length?: string) => {
    const take = numbers.slice(at, at + (length ? Number(length) : 1));
    at += take.length;
    return length ? `[${take.map(String).join(', ')}]` : String(take[0]);
  });
}

/**
 * The prompt as FloraEngineSubsystem.cpp's AsyncInfer builds it from the template: input[0], then for the first
 * `inputs - 1` lines the pattern split at <string> with the line's text between, the last input line with the
 * prompt, the response line when the type is basic, and input[inputs + 2] (<RUN>, no line break after it).
 */
function pluginPrompt(template: Template, request: RunRequest): string {
  const instruction = template.instructions[request.instruction]!;
  const input = instruction.input;
  const line = (k: number) => {
    const [left, right] = input[1 + k]!.split(/<string>(.*)/s);
    return fill(left!, request.inputs[k]!.numbers ?? []) + request.inputs[k]!.text + (right ?? '');
  };
  let text = input[0]!;
  for (let k = 0; k < template.inputs; k++) text += line(k);
  if (instruction.type === 'basic') text += fill(input[1 + template.inputs]!, request.responseNumbers ?? []);
  return text + input[2 + template.inputs]!;
}

const writePrompts = (file: string, prompts: string[]) =>
  writeFileSync(
    file,
    Buffer.concat(
      prompts.map((p) => Buffer.concat([Buffer.from(`${Buffer.byteLength(p)}\n`), Buffer.from(p)])),
    ),
  );

function readAnswers(file: string): string[] {
  const bytes = readFileSync(file);
  const out: string[] = [];
  for (let at = 0; at < bytes.length;) {
    const eol = bytes.indexOf(0x0a, at);
    const n = Number(bytes.subarray(at, eol).toString());
    out.push(bytes.subarray(eol + 1, eol + 1 + n).toString());
    at = eol + 2 + n;
  }
  return out;
}

/** Writes an exported folder's files under `root`; the model folder's path. */
async function writeFolder(agent: string, root: string): Promise<string> {
  const folder = await exportUnreal(agent);
  for (const [name, bytes] of folder.files) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), bytes);
  }
  return path.join(root, folder.name);
}

/** A file's bytes with a new CRC-32 over them (the last 4 bytes). */
function withCrc(bytes: Buffer): Buffer {
  const out = Buffer.from(bytes);
  out.writeUInt32LE(crc32(out.subarray(0, out.length - 4)), out.length - 4);
  return out;
}

/** tokenizer.bin (version 2) with its reactions section (the last before the CRC-32) replaced, its CRC made right. */
function withReactions(tokenizer: Buffer, old: Uint8Array, reactions: Uint8Array): Buffer {
  const at = tokenizer.length - 4 - old.length - 4;
  expect(tokenizer.readUInt32LE(at)).toBe(old.length);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(reactions.length);
  return withCrc(Buffer.concat([tokenizer.subarray(0, at), length, reactions, Buffer.alloc(4)]));
}

/** The agent file with other files (.bin ones: their bytes), the manifest's checksums made right. */
function agentWith(agent: string, files: Record<string, Uint8Array>): string {
  const json = JSON.parse(agent) as {
    manifest: { files: { path: string; checksum: string }[] };
    files: Record<string, string>;
  };
  for (const [name, bytes] of Object.entries(files)) {
    json.files[name] = Buffer.from(bytes).toString('base64');
    json.manifest.files.find((f) => f.path === name)!.checksum =
      `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
  }
  return JSON.stringify(json);
}

/** A quality fixture of the trainer's (packages/trainer/fixtures). */
const readTrainerFixture = (name: string) =>
  readFileSync(path.join(nativeRoot, '../trainer/fixtures', name), 'utf8');

/** A double's bits in hex, as the probe prints them. */
const bits = (v: number) => {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, v, true);
  return view.getBigUint64(0, true).toString(16).padStart(16, '0');
};

/** Lines the fixture agent never saw in training, for every instruction: on topic, off topic, odd text, numbers. */
const HELD_OUT: RunRequest[] = [
  {
    instruction: 'keeper_talks_with_sailor',
    inputs: [{ text: 'Good morning from the cape.' }, { text: 'Is the ferry running to the island today?' }],
  },
  {
    instruction: 'keeper_talks_with_sailor',
    inputs: [{ text: 'Evening.' }, { text: 'Can you write me a program in Python that sorts a list?' }],
  },
  {
    instruction: 'keeper_talks_with_sailor',
    inputs: [{ text: 'Radio check.' }, { text: 'Who won the football match last night?' }],
  },
  {
    instruction: 'keeper_talks_with_sailor',
    inputs: [{ text: '' }, { text: "What's it like up there, keeper?" }],
  },
  {
    instruction: 'keeper_talks_with_sailor',
    inputs: [
      { text: 'GULL CAPE LIGHT, CALLING ALL BOATS!' },
      { text: 'ÉTÉ — Straße İstanbul ΣΟΦΙΑ Ωμέγα 日本 🐱 ok? 12 ٣٤' },
    ],
  },
  {
    instruction: 'keeper_talks_with_sailor',
    inputs: [{ text: 'hello hello hello' }, { text: 'Hello, hello.\nHello?\r\nthanks for the light' }],
  },
  {
    instruction: 'keeper_talks_with_sailor',
    inputs: [{ text: 'Calm sea tonight.' }, { text: 'Thanks for keeping the light burning.' }],
  },
  {
    instruction: 'fog_on_the_bay',
    inputs: [
      { text: 'The fog is thick tonight.' },
      { text: 'We cannot see your lamp at all, where are you?' },
    ],
  },
  {
    instruction: 'fog_on_the_bay',
    inputs: [{ text: 'Fog rolling in fast.' }, { text: 'We see your light now, just off the port bow.' }],
  },
  {
    instruction: 'fog_on_the_bay',
    inputs: [{ text: 'Fog over the bay.' }, { text: 'Please give me a good recipe for pancakes.' }],
  },
  {
    instruction: 'fog_on_the_bay',
    inputs: [
      { text: 'The fog is thin here.' },
      { text: 'We are close below the cliffs, can you light the rocks for us?' },
    ],
  },
  {
    instruction: 'fog_on_the_bay',
    inputs: [{ text: 'Low fog.' }, { text: 'Can you see our mast above the fog?' }],
  },
  {
    instruction: 'fog_on_the_bay',
    inputs: [{ text: 'Fog.' }, { text: 'Help! Sound the horn, we are lost somewhere near the reef' }],
  },
  {
    instruction: 'ship_reports_position',
    inputs: [
      { text: 'Heading home with the catch.', numbers: [12, -8] },
      { text: 'Light breeze.', numbers: [3] },
    ],
  },
  {
    instruction: 'ship_reports_position',
    inputs: [
      { text: 'At the very edge of the chart.', numbers: [-50, 50] },
      { text: 'Storm! Storm!', numbers: [12] },
    ],
  },
  {
    instruction: 'ship_reports_position',
    inputs: [
      { text: 'Drifting slowly', numbers: [0.1 + 0.2, -49.75] },
      { text: 'Moderate wind', numbers: [6.5] },
    ],
  },
  {
    instruction: 'ship_reports_position',
    inputs: [
      // On the buckets' edges: 8·(−37.5 + 50)/100 = 1, 8·(12.5 + 50)/100 = 5, 8·1.5/12 = 1.
      { text: 'Close to the reef now.', numbers: [-37.5, 12.5] },
      { text: 'calm', numbers: [1.5] },
    ],
  },
  {
    instruction: 'ship_reports_position',
    inputs: [
      { text: 'far to the east', numbers: [49.99999999999999, -0.001] },
      { text: 'no wind at all', numbers: [0] },
    ],
  },
  {
    instruction: 'ship_reports_position',
    inputs: [
      // A few bits from the buckets' edges (Wind_ 10.499999999999998: bucket 6, 10.5: 7).
      { text: 'Nearly there', numbers: [37.49999999999999, -12.500000000000002] },
      { text: 'fresh breeze', numbers: [10.499999999999998] },
    ],
  },
  {
    instruction: 'ship_reports_position',
    inputs: [
      { text: 'Where should we go? Tell me a story about dragons.', numbers: [3, 4] },
      { text: 'a gale', numbers: [11] },
    ],
  },
];

/** Pieces of text (scripts, digits, spaces, line breaks, added tokens) that random texts are made of. */
const TEXT_PIECES = [
  'a',
  'Z',
  'é',
  'ß',
  '日',
  '🐱',
  '‍',
  '2',
  '٣',
  'Ⅻ',
  '½',
  ' ',
  '  ',
  '\t',
  '\n',
  '\u00a0',
  '\u3000',
  "'",
  "'s",
  "'ll",
  '.',
  ',',
  '!',
  '_',
  '<RUN>',
  'Cape_',
  '\r\n',
];

/** Requests of random text and numbers in range, for every instruction of the fixture protocol. */
function randomRequests(count: number, seed: number): RunRequest[] {
  const random = mulberry32(seed);
  const text = () =>
    Array.from(
      { length: Math.floor(random() * 12) },
      () => TEXT_PIECES[Math.floor(random() * TEXT_PIECES.length)],
    ).join('');
  const number = (min: number, max: number) => {
    const v = min + random() * (max - min);
    return random() < 0.5 ? Math.round(v) : v;
  };
  return Array.from({ length: count }, (_, k): RunRequest => {
    if (k % 3 === 0)
      return { instruction: 'keeper_talks_with_sailor', inputs: [{ text: text() }, { text: text() }] };
    if (k % 3 === 1) return { instruction: 'fog_on_the_bay', inputs: [{ text: text() }, { text: text() }] };
    return {
      instruction: 'ship_reports_position',
      inputs: [
        { text: text(), numbers: [number(-50, 50), number(-50, 50)] },
        { text: text(), numbers: [number(0, 12)] },
      ],
    };
  });
}

interface Fixture {
  version: 1 | 2;
  agent: string;
  modelDir: string;
  template: Template;
  requests: RunRequest[];
  /** Flora-JS's answers to `requests`: output, line break, reaction. */
  expected: string[];
  prompts: string[];
}

describe.skipIf(!gcc)('flora native', () => {
  let dir: string;
  let library: string;
  let harness: string;
  const fixtures = {} as Record<1 | 2, Fixture>;
  /** Version 2: the held-out requests, their prompts, and Flora-JS's answers and reaction model choices. */
  let heldOut: { prompts: string[]; expected: string[]; refused: boolean[] };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'flora-native-'));
    library = path.join(dir, 'libflora.so');
    harness = path.join(dir, 'harness');
    const built = buildNative('linux-x64', library, path.join(dir, 'build'));
    const cc = spawnSync(
      'gcc',
      [
        '-std=c11',
        '-O1',
        '-Wall',
        '-o',
        harness,
        path.join(nativeRoot, 'test/harness.c'),
        '-ldl',
        '-lpthread',
      ],
      { encoding: 'utf8' },
    );
    if (cc.status !== 0) throw new Error(`the harness does not compile:\n${cc.stderr}`);
    for (const version of [2, 1] as const) {
      const { agent, protocol } = await trainedAgent(80, { formatVersion: version });
      const modelDir = await writeFolder(agent, path.join(dir, `v${version}`));
      const template = JSON.parse(
        readFileSync(path.join(modelDir, `${path.basename(modelDir)}_template.json`), 'utf8'),
      ) as Template;
      const flora = await loadAgent(agent);
      expect(flora.info.formatVersion).toBe(version);
      const requests = exampleRequests(protocol);
      const expected = requests.map((r) => {
        const { output, reaction } = flora.run(r);
        return `${output}\n${reaction}`;
      });
      const prompts = requests.map((r) => pluginPrompt(template, r));
      fixtures[version] = { version, agent, modelDir, template, requests, expected, prompts };
      if (version === 2) {
        const results = HELD_OUT.map((r) => flora.run(r));
        heldOut = {
          prompts: HELD_OUT.map((r) => pluginPrompt(template, r)),
          expected: results.map((r) => `${r.output}\n${r.reaction}`),
          refused: results.map((r) => r.refused),
        };
      }
    }
    await built;
  }, 120_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  let probeBuilt: string | undefined;
  /** test/probe.c, built once with the library's sources. */
  const buildProbe = () => {
    if (probeBuilt) return probeBuilt;
    const probe = path.join(dir, 'probe');
    const sources = readdirSync(path.join(nativeRoot, 'src'))
      .filter((f) => f.endsWith('.c'))
      .map((f) => path.join(nativeRoot, 'src', f));
    const built = spawnSync(
      'gcc',
      [
        ...['-std=c11', '-O2', '-ffp-contract=off', `-I${path.join(dir, 'build')}`, '-o', probe],
        ...[path.join(nativeRoot, 'test/probe.c'), ...sources, '-lm'],
      ],
      { encoding: 'utf8' },
    );
    expect(built.status, built.stderr).toBe(0);
    return (probeBuilt = probe);
  };

  /** A copy of a model folder (version 2's unless told) with its files changed. */
  const damaged = (
    name: string,
    change: (files: Record<string, Buffer>) => void,
    from = fixtures[2].modelDir,
  ) => {
    const to = path.join(dir, 'damaged', name);
    mkdirSync(to, { recursive: true });
    const files = Object.fromEntries(
      ['tokenizer.bin', 'weights.bin'].map((f) => [f, readFileSync(path.join(from, f))]),
    );
    change(files);
    for (const [f, bytes] of Object.entries(files)) writeFileSync(path.join(to, f), bytes);
    return to;
  };
  /** The log file LogAddFilePointer opens: flora-native.log in the working directory (the harness runs in `dir`). */
  const logFile = () => path.join(dir, 'flora-native.log');
  const readLog = () => {
    try {
      return readFileSync(logFile(), 'utf8');
    } catch {
      return null;
    }
  };
  /** The harness in `dir`, with a fresh log file; answers its output, its answers and what it logged to the file. */
  const runHarness = (
    modelDir: string,
    prompts: string[],
    flags: string[] = [],
    env: NodeJS.ProcessEnv = {},
  ) => {
    writePrompts(path.join(dir, 'prompts'), prompts);
    rmSync(logFile(), { force: true });
    const run = spawnSync(
      harness,
      [library, modelDir, path.join(dir, 'prompts'), path.join(dir, 'answers'), ...flags],
      { encoding: 'utf8', cwd: dir, env: { ...process.env, ...env } },
    );
    return {
      ...run,
      answers: run.status === 0 ? readAnswers(path.join(dir, 'answers')) : [],
      log: readLog(),
    };
  };

  describe.each([2, 1] as const)('a version-%i agent', (version) => {
    const f = () => fixtures[version];

    it('answers every training sample as Flora-JS does with a TokenSpeed, on two threads at once too, and gives NULL for a bad folder', () => {
      const { requests, prompts, expected, modelDir } = f();
      expect(requests.length).toBeGreaterThan(10);
      const run = runHarness(modelDir, prompts, ['--threads']);
      expect(run.stderr).toContain('no model loaded from /no/such/folder');
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain('two threads: the same answers');
      expect(run.answers).toEqual(expected);
      // Every answer (none is empty) came with its tokens per second.
      expect(run.stdout).toContain(`TokenSpeed > 0: ${requests.length} of ${requests.length} answers`);
      // LogAddFilePointer (1) opened flora-native.log in the working directory: the reason is there too.
      expect(run.log).toContain('InitNLM: no model loaded from /no/such/folder');
    });

    it('gives the same answers with the SSE2 kernel as with AVX2', () => {
      const run = runHarness(f().modelDir, f().prompts, [], { FLORA_NATIVE_KERNEL: 'sse2' });
      expect(run.status, run.stderr).toBe(0);
      expect(run.answers).toEqual(f().expected);
    });

    it('answers nothing, with the reason logged, to a prompt over the limit, an unfilled number slot or no instruction', () => {
      const { requests, template, modelDir } = f();
      const long = {
        ...requests[0]!,
        inputs: requests[0]!.inputs.map((i) => ({ ...i, text: 'word '.repeat(400) })),
      };
      const numeric = requests.find((r) => r.inputs.some((i) => (i.numbers ?? []).length > 0))!;
      const unfilled = pluginPrompt(template, numeric).replace(
        /Position_\[[^\]]*\]/,
        'Position_<num_-50_50_2>',
      );
      const run = runHarness(modelDir, [pluginPrompt(template, long), unfilled, '<BOS>\nhello\n<RUN>']);
      expect(run.status, run.stderr).toBe(0);
      expect(run.answers).toEqual(['', '', '']);
      expect(run.stderr).toMatch(/the prompt is \d+ tokens; this model takes at most \d+/);
      expect(run.stderr).toContain('number slot');
      expect(run.stderr).toContain('none of the model');
    });
  });

  it('encodes text as Flora-JS does: Unicode classes, digits, contractions, whitespace runs, added tokens', async () => {
    const random = mulberry32(11);
    const texts = [
      "Hello, world! it's they're we've I'll he'd don't 'quoted'",
      '  multiple   spaces\tand\ttabs\n\nnewlines  ',
      '123 4567 3.14 -42 ²³ ½ Ⅻ ٣٤',
      'Ünïcödé café naïve 日本語のテキスト مرحبا שלום',
      'emoji 🐱🌳 and a family 👩‍👩‍👧, flags 🇵🇱',
      'non-breaking\u00a0space, em\u2003space, ideographic\u3000space, BOM\ufeffhere',
      '<BOS>\nCape_Keeper_Radio_\nAny ships out there?\nCape_Keeper_Radio_\n<RUN>\n',
      ...Array.from({ length: 40 }, () =>
        Array.from(
          { length: 1 + Math.floor(random() * 20) },
          () => TEXT_PIECES[Math.floor(random() * TEXT_PIECES.length)],
        ).join(''),
      ),
    ];
    const tokenizer = Tokenizer.fromJSON((await readAgentFile(fixtures[2].agent)).tokenizerText);
    writePrompts(path.join(dir, 'texts'), texts);
    const run = spawnSync(
      buildProbe(),
      ['tokens', fixtures[2].modelDir, path.join(dir, 'texts'), path.join(dir, 'ids')],
      {
        encoding: 'utf8',
      },
    );
    expect(run.status, run.stderr).toBe(0);
    const got = readFileSync(path.join(dir, 'ids'), 'utf8').split('\n').slice(0, -1);
    expect(got).toEqual(texts.map((t) => tokenizer.encode(t).join(' ')));
  });

  it('computes the same logits as Flora-JS bit for bit, AVX2 and SSE2, tied and untied head', async () => {
    const probe = buildProbe();
    // Peaky random weights (scale 8) and an untied head: every matrix path, panels of several widths.
    for (const tieEmbeddings of [true, false]) {
      const { agent } = randomAgent(
        { dModel: 64, nLayers: 2, nHeads: 4, dFF: 160, contextLength: 64, tieEmbeddings },
        3,
        8,
      );
      const modelDir = await writeFolder(agent, path.join(dir, `logits-${tieEmbeddings}`));
      const file = await readAgentFile(agent);
      const model = await Model.create(file.architecture, file.tensors, file.weights, 'wasm-simd');
      const V = file.architecture.vocabSize;
      const ids = Array.from({ length: 19 }, (_, k) => (k * 37 + 5) % V);
      const steps = 12;
      const want: Float32Array[] = [Float32Array.from(model.forward(ids))];
      for (let k = 0; k < steps; k++) want.push(Float32Array.from(model.forward([model.argmax()])));
      writeFileSync(path.join(dir, 'ids'), ids.join(' '));
      for (const kernel of ['avx2', 'sse2']) {
        const run = spawnSync(
          probe,
          ['logits', modelDir, path.join(dir, 'ids'), path.join(dir, 'logits.bin'), String(steps)],
          { encoding: 'utf8', env: { ...process.env, FLORA_NATIVE_KERNEL: kernel } },
        );
        expect(run.status, run.stderr).toBe(0);
        const got = readFileSync(path.join(dir, 'logits.bin'));
        expect(got.length).toBe(want.length * V * 4);
        want.forEach((w, step) =>
          expect(
            got.subarray(step * V * 4, (step + 1) * V * 4).equals(Buffer.from(w.buffer)),
            `${kernel}, tied ${tieEmbeddings}, step ${step}`,
          ).toBe(true),
        );
      }
    }
  });

  it('gives NULL and a logged reason for a damaged folder', () => {
    const flipped = damaged('flipped', (f) => (f['weights.bin']![100]! ^= 1));
    const truncated = damaged('truncated', (f) => (f['tokenizer.bin'] = f['tokenizer.bin']!.subarray(0, 50)));
    const version = damaged('version', (f) => f['weights.bin']!.writeUInt32LE(3, 8));
    const tokenizerVersion = damaged('tokenizer-version', (f) => f['tokenizer.bin']!.writeUInt32LE(0, 8));
    const missing = damaged('missing', (f) => delete f['weights.bin']);
    const run = runHarness(
      fixtures[2].modelDir,
      [],
      [flipped, truncated, version, tokenizerVersion, missing].flatMap((d) => ['--bad', d]),
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toContain('weights.bin is damaged: its CRC-32 does not match');
    expect(run.stderr).toMatch(/tokenizer\.bin is damaged/);
    expect(run.stderr).toContain('weights.bin is version 3; this library reads versions 1 to 2');
    expect(run.stderr).toContain('tokenizer.bin is version 0; this library reads versions 1 to 2');
    expect(run.stderr).toContain(`cannot open ${path.join(missing, 'weights.bin')}`);
    // The log file has the same reasons, line for line (without stderr's "flora-native: " prefix).
    const logged = run.stderr
      .split('\n')
      .filter((line) => line.startsWith('flora-native: '))
      .map((line) => line.slice('flora-native: '.length));
    expect(logged.length).toBeGreaterThanOrEqual(12);
    expect(run.log?.split('\n').slice(0, -1)).toEqual(logged);
    for (const folder of [flipped, truncated, version, tokenizerVersion, missing, '/no/such/folder'])
      expect(run.log).toContain(`InitNLM: no model loaded from ${folder}`);
  });

  it('answers held-out lines as Flora-JS does: off-topic ones refused, numbers in the slots, odd text', () => {
    // The set covers what it is for: refusals and answers of the same instructions, every instruction.
    expect(heldOut.refused.filter(Boolean).length).toBeGreaterThanOrEqual(2);
    expect(heldOut.refused.filter((r) => !r).length).toBeGreaterThanOrEqual(6);
    expect(new Set(HELD_OUT.map((r) => r.instruction)).size).toBe(3);
    expect(new Set(heldOut.expected.map((a) => a.split('\n')[1])).size).toBeGreaterThanOrEqual(6);
    for (const kernel of ['avx2', 'sse2']) {
      const run = runHarness(fixtures[2].modelDir, heldOut.prompts, ['--threads'], {
        FLORA_NATIVE_KERNEL: kernel,
      });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain('two threads: the same answers');
      expect(run.answers, kernel).toEqual(heldOut.expected);
    }
  });

  it("chooses with Flora-JS's feature hashes and scores, bit for bit, for the samples, the held-out lines and random ones", async () => {
    const { agent, requests, prompts, modelDir, template } = fixtures[2];
    const checked = await checkAgentFile(agent);
    const reactions = checked.reactions!;
    const random = randomRequests(90, 7);
    const all = [...requests, ...HELD_OUT, ...random];
    writePrompts(path.join(dir, 'prompts'), [
      ...prompts,
      ...heldOut.prompts,
      ...random.map((r) => pluginPrompt(template, r)),
    ]);
    const run = spawnSync(
      buildProbe(),
      ['reactions', modelDir, path.join(dir, 'prompts'), path.join(dir, 'choices')],
      { encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    const got = readFileSync(path.join(dir, 'choices'), 'utf8').split('\n').slice(0, -1);
    const want = all.map((r) => {
      const own = reactions.byInstruction.get(r.instruction)!;
      const lines = r.inputs.map((l) => ({ text: l.text, numbers: l.numbers ?? [] }));
      const choice = chooseReaction(reactions.model, own.reactions, lines, own.slots);
      const hashes = requestHashes(lines, own.slots);
      const index = checked.info.instructions.findIndex((i) => i.name === r.instruction);
      const offTopic = choice.offTopic === null ? '-' : bits(choice.offTopic);
      return [
        index,
        choice.reaction,
        choice.refused ? 1 : 0,
        offTopic,
        '|',
        ...[...choice.scores].map(bits),
        '|',
        ...hashes,
      ].join(' ');
    });
    expect(got).toEqual(want);
  });

  it('reads decimal numbers as Number() does, to the last bit', () => {
    const random = mulberry32(5);
    const texts = [
      '0',
      '-0',
      '0.1',
      '0.2',
      '0.30000000000000004',
      '-49.75',
      '12.5',
      '9007199254740993',
      '9007199254740995',
      '123456789012345678901234567890',
      '1.7976931348623157e308',
      '1.7976931348623158e308',
      '1.7976931348623159e308',
      '2.2250738585072011e-308',
      '2.2250738585072014e-308',
      '4.9406564584124654e-324',
      '2.4703282292062327e-324',
      '2.4703282292062328e-324',
      '1e-400',
      '1e400',
      '0.000001',
      '1e-7',
      '1e21',
      '5e-324',
      '1.00000000000000011102230246251565404236316680908203125',
      '1.00000000000000011102230246251565404236316680908203124',
      '1.00000000000000011102230246251565404236316680908203126',
      ...Array.from({ length: 400 }, (_, k) => {
        // Doubles as String() prints them (what a key line holds), over many magnitudes.
        const v = (random() - 0.5) * 10 ** Math.floor(random() * 40 - 20);
        return k % 2 ? String(v) : v.toPrecision(1 + Math.floor(random() * 21));
      }),
    ];
    writeFileSync(path.join(dir, 'decimals'), texts.join('\n'));
    const run = spawnSync(buildProbe(), ['decimals', path.join(dir, 'decimals'), path.join(dir, 'doubles')], {
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    const got = readFileSync(path.join(dir, 'doubles'), 'utf8').split('\n').slice(0, -1);
    expect(got).toEqual(texts.map((t) => bits(Number(t))));
  });

  it('refuses a damaged or inconsistent reaction model: NULL and the reason logged, as Flora-JS refuses the agent', async () => {
    const { agent } = fixtures[2];
    const original = (await readAgentFile(agent)).reactions!;
    const model = () => decodeReactionModel(original);
    const encoded = (change: (m: ReactionModel) => void) => {
      const m = model();
      change(m);
      return encodeReactionModel(m);
    };
    // Each crafted reactions.bin, with a valid CRC-32 around it, and the reason the library gives.
    const crafted: { name: string; bytes: Uint8Array; reason: string }[] = [
      { name: 'truncated', bytes: original.subarray(0, original.length - 1000), reason: 'ends early' },
      {
        name: 'trailing',
        bytes: Buffer.concat([original, Buffer.alloc(4)]),
        reason: '4 bytes after the model',
      },
      {
        name: 'version',
        bytes: (() => {
          const b = Buffer.from(original);
          b.writeUInt32LE(2, 4);
          return b;
        })(),
        reason: 'version 2, this library reads 1',
      },
      {
        name: 'class-reaction',
        bytes: encoded((m) => (m.instructions[0]!.reactions[0] = 9)),
        reason: 'names a reaction it does not have',
      },
      {
        name: 'refusal-reaction',
        bytes: encoded((m) => (m.instructions[0]!.refusal!.reaction = 0)),
        reason: 'refuses with a reaction that is not a refusal',
      },
      {
        name: 'word-line',
        bytes: encoded((m) => (m.instructions[1]!.classes.wordScores[0]!.line = 2)),
        reason: 'scores a line it does not take',
      },
      {
        name: 'missing',
        bytes: encoded((m) => (m.instructions[2]!.name = 'ship_reports_positions')),
        reason: 'instruction "ship_reports_position" is missing',
      },
      {
        name: 'hashes',
        bytes: encoded((m) => {
          const f = m.instructions[0]!.classes.features;
          [f[0], f[1]] = [f[1]!, f[0]!];
        }),
        reason: 'feature hashes are not strictly ascending',
      },
      {
        name: 'utf8',
        bytes: (() => {
          const b = Buffer.from(encoded((m) => (m.instructions[0]!.lines[0]![0] = 'é')));
          b[b.indexOf(Buffer.from('é'))! + 1] = 0x28;
          return b;
        })(),
        reason: 'is not UTF-8',
      },
    ];
    const folders: string[] = [];
    for (const c of crafted) {
      // Flora-JS refuses the agent file with the same reaction model.
      await expect(checkAgentFile(agentWith(agent, { 'reactions.bin': c.bytes })), c.name).rejects.toThrow(
        FloraError,
      );
      folders.push(
        damaged(`reactions-${c.name}`, (f) => {
          f['tokenizer.bin'] = withReactions(f['tokenizer.bin']!, original, c.bytes);
        }),
      );
    }
    // A byte flipped inside the reaction model: the CRC-32 catches it.
    const flipped = damaged(
      'reactions-flipped',
      (f) => (f['tokenizer.bin']![f['tokenizer.bin']!.length - 500]! ^= 4),
    );
    const run = runHarness(
      fixtures[2].modelDir,
      [],
      [...folders, flipped].flatMap((d) => ['--bad', d]),
    );
    expect(run.status, run.stderr).toBe(0);
    crafted.forEach((c, k) => {
      const lines = run.stderr.split('\n');
      const at = lines.findIndex((l) => l.includes(path.join(folders[k]!, 'tokenizer.bin')));
      expect(lines[at], c.name).toContain(`tokenizer.bin: reactions.bin: `);
      expect(lines[at], c.name).toContain(c.reason);
      expect(run.log, c.name).toContain(`InitNLM: no model loaded from ${folders[k]}`);
    });
    expect(run.stderr).toContain(
      `${path.join(flipped, 'tokenizer.bin')} is damaged: its CRC-32 does not match`,
    );
  });

  it(
    'chooses and answers as Flora-JS on every quality fixture: its samples and its held-out lines',
    { timeout: 300_000 },
    async () => {
      for (const name of ['ferryman', 'noodles', 'blacksmith', 'gatekeeper', 'herbalist', 'shopkeeper']) {
        const parsed = parseProtocolText(readTrainerFixture(`${name}.json`));
        if (!parsed.ok) throw new Error(`${name}.json does not parse`);
        const protocol = parsed.protocol;
        // The fixture's own reaction model; a small random language model writes the lines.
        const { bytes } = trainReactionModel(
          protocol,
          { ...planReactions(protocol), epochs: 40 },
          { crossValidate: false },
        );
        const { agent } = randomAgent({ dModel: 16, nLayers: 1, nHeads: 2, dFF: 32 }, 5, 4, protocol, {
          reactions: bytes,
        });
        const modelDir = await writeFolder(agent, path.join(dir, 'fixtures', name));
        const template = JSON.parse(
          readFileSync(path.join(modelDir, `${path.basename(modelDir)}_template.json`), 'utf8'),
        ) as Template;
        const heldOut = JSON.parse(readTrainerFixture(`${name}-held-out.json`)) as {
          set: string;
          cases: { inputs: string[] }[];
          guardrails: { inputs: string[] }[];
        };
        const requests: RunRequest[] = [
          ...exampleRequests(protocol),
          ...[...heldOut.cases, ...heldOut.guardrails].map((c) => ({
            instruction: heldOut.set,
            inputs: c.inputs.map((text) => ({ text })),
          })),
        ];
        const flora = await loadAgent(agent);
        const expected = requests.map((r) => {
          const { output, reaction } = flora.run(r);
          return `${output}\n${reaction}`;
        });
        const run = runHarness(
          modelDir,
          requests.map((r) => pluginPrompt(template, r)),
        );
        expect(run.status, run.stderr).toBe(0);
        expect(run.answers, name).toEqual(expected);
      }
    },
  );

  it('still loads and answers a version-1 folder, and a version-2 one without a reaction model as version 1', () => {
    const { modelDir, prompts, expected } = fixtures[1];
    // A version-1 agent's folder is version 1, as before: tokenizer.bin ends with its instructions.
    for (const file of ['tokenizer.bin', 'weights.bin'])
      expect(readFileSync(path.join(modelDir, file)).readUInt32LE(8), file).toBe(1);
    // The same agent in version-2 files with an empty reactions section.
    const empty = damaged(
      'v2-empty',
      (f) => {
        // u32 0 (no reaction model) where the CRC-32 was, then the CRC-32 again.
        const t = f['tokenizer.bin']!;
        const tokenizer = Buffer.concat([t.subarray(0, t.length - 4), Buffer.alloc(8)]);
        tokenizer.writeUInt32LE(2, 8);
        f['weights.bin']!.writeUInt32LE(2, 8);
        f['tokenizer.bin'] = withCrc(tokenizer);
        f['weights.bin'] = withCrc(f['weights.bin']!);
      },
      modelDir,
    );
    for (const folder of [modelDir, empty]) {
      const run = runHarness(folder, prompts);
      expect(run.status, run.stderr).toBe(0);
      expect(run.answers, folder).toEqual(expected);
    }
  });

  it.each([2, 1] as const)(
    'breaks ties as Flora-JS does: a version-%i agent whose weights are all 0 (every logit equal)',
    async (version) => {
      const { agent, template, requests } = fixtures[version];
      const file = await readAgentFile(agent);
      const files: Record<string, Uint8Array> = { 'weights.bin': new Uint8Array(file.weights.byteLength) };
      if (version === 2) {
        // Every reaction also answered with its first line's first two words: a line that ends where a longer one
        // goes on, so the end and the longer line's next token tie too.
        const m = decodeReactionModel(file.reactions!);
        const prefix = (lines: string[]) => lines.push(lines[0]!.split(' ').slice(0, 2).join(' '));
        for (const i of m.instructions) {
          i.lines.forEach(prefix);
          if (i.refusal) prefix(i.refusal.lines);
        }
        files['reactions.bin'] = encodeReactionModel(m);
      }
      const zero = agentWith(agent, files);
      const flora = await loadAgent(zero);
      const all = version === 2 ? [...requests, ...HELD_OUT] : requests;
      const expected = all.map((r) => {
        const { output, reaction } = flora.run(r);
        return `${output}\n${reaction}`;
      });
      const modelDir = await writeFolder(zero, path.join(dir, `zero-${version}`));
      const run = runHarness(
        modelDir,
        all.map((r) => pluginPrompt(template, r)),
      );
      expect(run.status, run.stderr).toBe(0);
      expect(run.answers).toEqual(expected);
    },
  );

  if (!mingw) console.warn('flora-native: no mingw-w64 here — the Windows DLL test is SKIPPED');
  it.skipIf(!mingw)(
    `the Windows DLL exports the plugin's functions, needs only Windows' own DLLs${wine ? ' and answers as Flora-JS under wine (both versions)' : ''}`,
    async () => {
      const dll = path.join(dir, 'flora.dll');
      await buildNative('windows-x64', dll, path.join(dir, 'build-windows'));
      const table = spawnSync('x86_64-w64-mingw32-objdump', ['-p', dll], { encoding: 'utf8' }).stdout;
      const exported = [...table.matchAll(/^\s*\[\s*\d+\] (\w+)$/gm)].map((m) => m[1]);
      expect(exported).toEqual(expect.arrayContaining(PLUGIN_EXPORTS));
      const imported = [...table.matchAll(/DLL Name: (\S+)/g)].map((m) => m[1]!.toLowerCase());
      expect(new Set(imported)).toEqual(new Set(['kernel32.dll', 'msvcrt.dll']));
      if (!wine) return;
      const exe = path.join(dir, 'harness.exe');
      const cc = spawnSync(
        'x86_64-w64-mingw32-gcc',
        ['-std=c11', '-O1', '-o', exe, path.join(nativeRoot, 'test/harness.c')],
        {
          encoding: 'utf8',
        },
      );
      expect(cc.status, cc.stderr).toBe(0);
      for (const version of [2, 1] as const) {
        const { modelDir, prompts, expected } = fixtures[version];
        // Version 2: the held-out lines too (refusals, numbers read from the key lines by the DLL's own code).
        const all = version === 2 ? [...prompts, ...heldOut.prompts] : prompts;
        writePrompts(path.join(dir, 'prompts'), all);
        rmSync(logFile(), { force: true });
        const run = spawnSync(
          wine,
          [exe, dll, modelDir, path.join(dir, 'prompts'), path.join(dir, 'answers'), '--threads'],
          {
            encoding: 'utf8',
            cwd: dir,
            env: { ...process.env, WINEDEBUG: '-all' },
          },
        );
        expect(run.status, run.stderr).toBe(0);
        expect(run.stdout).toContain('two threads: the same answers');
        expect(run.stdout).toContain(`TokenSpeed > 0: ${all.length} of ${all.length} answers`);
        expect(readLog()).toContain('InitNLM: no model loaded from /no/such/folder');
        expect(readAnswers(path.join(dir, 'answers'))).toEqual(
          version === 2 ? [...expected, ...heldOut.expected] : expected,
        );
      }
    },
    180_000,
  );

  const valgrind = spawnSync('valgrind', ['--version']).status === 0;
  if (!valgrind) console.warn('flora-native: valgrind is not installed — the memcheck test is SKIPPED');
  it.skipIf(!valgrind).each([2, 1] as const)(
    'is clean under valgrind memcheck, version %i (a short sample, failed loads, and two models from two folders on two threads)',
    async (version) => {
      const { modelDir, template, requests, expected } = fixtures[version];
      const shortest = [...requests].sort(
        (a, b) => pluginPrompt(template, a).length - pluginPrompt(template, b).length,
      )[0]!;
      const prompts = [pluginPrompt(template, shortest)];
      const want = [expected[requests.indexOf(shortest)]!];
      const bad = [
        // a folder whose weights.bin ends early: the failed load frees what it took
        damaged(
          `short-${version}`,
          (f) => (f['weights.bin'] = f['weights.bin']!.subarray(0, 5000)),
          modelDir,
        ),
      ];
      if (version === 2) {
        // a refused held-out line and one with numbers; a reaction model that fails late (its lines) and early
        const numbers = HELD_OUT.findIndex((r) => r.inputs[0]!.text === 'Drifting slowly');
        for (const k of [heldOut.refused.indexOf(true), numbers]) {
          prompts.push(heldOut.prompts[k]!);
          want.push(heldOut.expected[k]!);
        }
        const original = (await readAgentFile(fixtures[2].agent)).reactions!;
        const m = decodeReactionModel(original);
        m.instructions[2]!.name = 'another';
        for (const bytes of [encodeReactionModel(m), original.subarray(0, 5000)])
          bad.push(
            damaged(`valgrind-reactions-${bytes.length}`, (f) => {
              f['tokenizer.bin'] = withReactions(f['tokenizer.bin']!, original, bytes);
            }),
          );
      }
      writePrompts(path.join(dir, 'prompts'), prompts);
      // A second exported folder: another agent of the same protocol (random weights, version 1, its own name).
      const { agent: other } = randomAgent({ dModel: 32, nLayers: 2, nHeads: 2, dFF: 128 }, 5);
      const secondDir = await writeFolder(other, path.join(dir, `second-${version}`));
      expect(path.basename(secondDir)).not.toBe(path.basename(modelDir));
      rmSync(logFile(), { force: true });
      const run = spawnSync(
        'valgrind',
        [
          '--error-exitcode=9',
          '--leak-check=full',
          '--errors-for-leak-kinds=definite,indirect',
          harness,
          library,
          modelDir,
          path.join(dir, 'prompts'),
          path.join(dir, 'answers'),
          ...bad.flatMap((d) => ['--bad', d]),
          // and the two-thread run: this model and the second folder's, each answering the prompts at once
          '--threads',
          '--second',
          secondDir,
        ],
        { encoding: 'utf8', cwd: dir },
      );
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr).toContain('ERROR SUMMARY: 0 errors');
      expect(run.stdout).toContain('two threads: the same answers');
      expect(run.stdout).toContain(`TokenSpeed > 0: ${prompts.length} of ${prompts.length} answers`);
      expect(readAnswers(path.join(dir, 'answers'))).toEqual(want);
    },
    120_000,
  );
});
