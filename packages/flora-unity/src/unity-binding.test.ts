// Flora for Unity against Flora-JS: the package staged as the build ships it (build.mjs, with the Linux library in
// its Plugins folder), its Runtime compiled by Mono's C# compiler into its own assembly as Unity does, and a small
// program on it (test/FloraCheck.cs) run by Mono. Two exported agents (the example protocol's reaction model with
// random language models of two shapes) answer on three threads at once — one agent shared by two of them — with
// Flora-JS's line, reaction, its name, refused and number, tokens and prompt tokens, and a tokens/s above 0;
// prompts with numbers in their slots are written as Flora-JS writes them (String()); a missing library, another
// library, a missing or damaged folder, a prompt over the limit and wrong requests give an exception with the
// reason, never a crash. And the package itself: a .meta beside every asset, the C interface imported function for
// function. Without Mono (Debian: mono-mcs, mono-runtime) or gcc the binding is not tested: one loud line (failed
// under CI=true, whose machine has both).
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportUnreal, loadAgent, type RunRequest, type RunResult } from '@greenhouse/flora';
import { buildNative, hasCompiler, nativeRoot, nativeSources } from '../../flora-native/build.mjs';
import { PLUGINS, stageUnityPackage, unityPackage, unityRoot, unityVersion } from '../build.mjs';
import { planReactions, trainReactionModel } from '@greenhouse/trainer';
import { exampleProtocol, randomAgent } from '../../flora/test/fixture.js';
import { mulberry32 } from '../../flora/src/sampling.js';
import { exampleRequests } from '../../flora/test/requests.js';

const runs = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
const mono = runs('mcs', ['--version']) && runs('mono', ['--version']);
const gcc = hasCompiler('linux-x64') && process.platform === 'linux' && process.arch === 'x64';
if (!mono || !gcc) {
  const line = `flora-unity: SKIPPED — no ${mono ? 'gcc for linux-x64' : 'Mono (Debian: mono-mcs, mono-runtime)'} here, so the C# binding is not tested`;
  if (process.env.CI === 'true') throw new Error(line);
  console.warn(line);
}

/** Lines that are not training samples: off-topic ones (refused), numbers, line breaks and other scripts. */
const HELD_OUT: RunRequest[] = [
  {
    instruction: 'keeper_talks_with_sailor',
    inputs: [{ text: 'Evening.' }, { text: 'Can you write me a program in Python that sorts a list?' }],
  },
  {
    instruction: 'fog_on_the_bay',
    inputs: [{ text: 'Fog over the bay.' }, { text: 'Please give me a good recipe for pancakes.' }],
  },
  {
    instruction: 'keeper_talks_with_sailor',
    inputs: [{ text: 'ÉTÉ — Straße 日本 🐱' }, { text: 'Hello, hello.\nHello?\r\nthanks for the light' }],
  },
  {
    instruction: 'ship_reports_position',
    inputs: [
      { text: 'Drifting slowly', numbers: [0.1 + 0.2, -49.75] },
      { text: 'Moderate wind', numbers: [6.5] },
    ],
  },
];

/** Requests of ship_reports_position with numbers JavaScript writes in every way (String()): digits, exponents. */
function numberRequests(count: number): RunRequest[] {
  const random = mulberry32(3);
  const odd = [
    0,
    -0,
    1e-7,
    1.5e-7,
    5e-324,
    1e-300,
    0.000001,
    0.1 + 0.2,
    49.99999999999999,
    -49.75,
    12,
    1e-6 / 3,
  ];
  const number = (min: number, max: number) => {
    const v = min + random() * (max - min);
    const k = Math.floor(random() * 4);
    return [v, Math.round(v), Math.round(v * 2) / 2, v * 10 ** -Math.floor(random() * 12)][k]!;
  };
  const pick = (min: number, max: number) => {
    const v = random() < 0.3 ? odd[Math.floor(random() * odd.length)]! : number(min, max);
    return Math.min(max, Math.max(min, v));
  };
  return Array.from({ length: count }, (_, k) => ({
    instruction: 'ship_reports_position',
    inputs: [
      { text: `Position ${k}`, numbers: [pick(-50, 50), pick(-50, 50)] },
      { text: 'Wind\nfrom the west', numbers: [pick(0, 12)] },
    ],
  }));
}

/** The requests file FloraCheck reads: instruction, then per line its text (base64) and numbers (bits in hex). */
function writeRequests(file: string, requests: RunRequest[]) {
  const bits = (v: number) => {
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, v);
    return view.getBigUint64(0).toString(16).padStart(16, '0');
  };
  const line = (r: RunRequest) =>
    [
      r.instruction,
      ...r.inputs.flatMap((i) => [
        Buffer.from(i.text).toString('base64'),
        (i.numbers ?? []).map(bits).join(','),
      ]),
    ].join('\t');
  writeFileSync(file, requests.map(line).join('\n') + '\n');
}

interface Printed {
  thread?: number;
  error?: string;
  [field: string]: unknown;
}

/** What FloraCheck printed, a JSON value a line. */
const printed = (run: SpawnSyncReturns<string>): Printed[] =>
  run.stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Printed);

/** The answer as FloraCheck prints it, from Flora-JS's result. */
const asPrinted = (r: RunResult) => ({
  line: r.output,
  reaction: r.reaction,
  name: r.reactionName,
  refused: r.refused,
  value: r.reactionValue,
  tokens: r.tokens,
  promptTokens: r.promptTokens,
});

describe('the Unity package', () => {
  it('has a .meta beside every asset and folder, each with its own guid, and the npm package’s version', () => {
    const guids: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const at = path.join(dir, entry.name);
        if (entry.name.endsWith('.meta')) {
          const guid = /^guid: ([0-9a-f]{32})$/m.exec(readFileSync(at, 'utf8'))?.[1];
          expect(guid, at).toBeDefined();
          guids.push(guid!);
          // A plugin's .meta stays without its library (the build adds it); any other names a file or folder.
          if (!Object.values(PLUGINS).some((p) => at.endsWith(`${p.file}.meta`)))
            expect(existsSync(at.slice(0, -'.meta'.length)), at).toBe(true);
          continue;
        }
        expect(existsSync(`${at}.meta`), at).toBe(true);
        if (entry.isDirectory()) walk(at);
      }
    };
    walk(unityPackage);
    expect(new Set(guids).size).toBe(guids.length);
    const npm = JSON.parse(readFileSync(path.join(unityRoot, 'package.json'), 'utf8')) as { version: string };
    expect(unityVersion()).toBe(npm.version);
  });

  it('imports exactly the functions of flora.h, by their names', () => {
    const header = readFileSync(path.join(nativeRoot, 'include/flora.h'), 'utf8');
    const binding = readFileSync(path.join(unityPackage, 'Runtime/FloraNative.cs'), 'utf8');
    const exported = [...header.matchAll(/^FLORA_API [^;(]*?\**(\w+)\(/gm)].map((m) => m[1]);
    const imported = [...binding.matchAll(/static extern \w+ (\w+)\(/g)].map((m) => m[1]);
    expect(exported.length).toBe(7);
    expect(imported.sort()).toEqual(exported.sort());
  });
});

describe.skipIf(!mono || !gcc)('Flora for Unity (Mono)', () => {
  let dir: string;
  let plugins: string;
  let check: string;
  const agents = {} as Record<'a' | 'b', { modelDir: string; expected: RunResult[] }>;
  let instructions: string[];
  let prompts: { requests: RunRequest[]; expected: string[] };

  /** FloraCheck under Mono, in `dir`; the library is found through LD_LIBRARY_PATH (`library`: its folder). */
  const floraCheck = (args: string[], library: string | null = plugins) =>
    spawnSync('mono', [check, ...args], {
      encoding: 'utf8',
      cwd: dir,
      env: { ...process.env, LD_LIBRARY_PATH: library ?? '' },
    });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'flora-unity-'));
    // The Linux library: the build's own when it is newer than the sources (CI builds before the tests: saves
    // a compile of ~15 s on its 2-core machine), else built here; not in `dir` itself, where Mono would find it
    // beside the program when a test hides it.
    const library = path.join(dir, 'native', 'libflora.so');
    mkdirSync(path.dirname(library), { recursive: true });
    const nativeVersion = (
      JSON.parse(readFileSync(path.join(nativeRoot, 'package.json'), 'utf8')) as { version: string }
    ).version;
    const built = path.join(
      nativeRoot,
      '../../apps/server/dist/downloads',
      `flora-native-${nativeVersion}-linux-x64.so`,
    );
    const sourcesAt = Math.max(...nativeSources().map((s) => statSync(s).mtimeMs));
    const native =
      existsSync(built) && statSync(built).mtimeMs > sourcesAt
        ? Promise.resolve(copyFileSync(built, library))
        : buildNative('linux-x64', library, path.join(dir, 'build'));

    // Two agents of the example protocol without training a language model (the binding is under test, not the
    // model): its reaction model, trained (a second or two: it chooses the reactions, refusals among them), and two
    // random language models of two shapes that write along its reactions' lines.
    const protocol = exampleProtocol();
    const { bytes: reactions } = trainReactionModel(
      protocol,
      { ...planReactions(protocol), epochs: 40 },
      { crossValidate: false },
    );
    const { agent } = randomAgent({ dModel: 32, nLayers: 2, nHeads: 2, dFF: 128 }, 7, 4, protocol, {
      reactions,
    });
    const { agent: other } = randomAgent({ dModel: 16, nLayers: 1, nHeads: 2, dFF: 32 }, 5, 4, protocol, {
      reactions,
    });
    const requests = [...exampleRequests(protocol), ...HELD_OUT];
    writeRequests(path.join(dir, 'requests'), requests);
    for (const [key, file] of [
      ['a', agent],
      ['b', other],
    ] as const) {
      const folder = await exportUnreal(file);
      for (const [name, bytes] of folder.files) {
        mkdirSync(path.dirname(path.join(dir, 'models', key, name)), { recursive: true });
        writeFileSync(path.join(dir, 'models', key, name), bytes);
      }
      const flora = await loadAgent(file);
      if (key === 'a') {
        instructions = flora.instructions.map((i) => i.name);
        const numbers = numberRequests(60);
        prompts = { requests: numbers, expected: numbers.map((r) => flora.prompt(r).slice(0, -1)) };
      }
      agents[key] = {
        modelDir: path.join(dir, 'models', key, folder.name),
        expected: requests.map((r) => flora.run(r)),
      };
    }

    await native;
    const stage = path.join(dir, 'package');
    stageUnityPackage(stage, { 'linux-x64': library });
    plugins = path.dirname(path.join(stage, PLUGINS['linux-x64'].file));
    // The Runtime as its own assembly (Unity compiles its .asmdef so), the program referencing it.
    const binding = path.join(dir, 'Greenhouse.Flora.dll');
    check = path.join(dir, 'FloraCheck.exe');
    const sources = readdirSync(path.join(stage, 'Runtime'))
      .filter((f) => f.endsWith('.cs'))
      .map((f) => path.join(stage, 'Runtime', f));
    for (const args of [
      ['-target:library', `-out:${binding}`, ...sources],
      [`-r:${binding}`, `-out:${check}`, path.join(unityRoot, 'test/FloraCheck.cs')],
    ]) {
      const mcs = spawnSync('mcs', ['-nologo', '-warnaserror', ...args], { encoding: 'utf8' });
      expect(mcs.status, mcs.stdout + mcs.stderr).toBe(0);
    }
  }, 120_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers as Flora-JS does with two agents on three threads at once (one agent shared by two)', () => {
    const { a, b } = agents;
    // The requests cover what an answer carries: refusals, a number reaction.
    expect(a.expected.filter((r) => r.refused).length).toBeGreaterThanOrEqual(2);
    expect(a.expected.some((r) => r.reactionValue !== null)).toBe(true);
    const requests = path.join(dir, 'requests');
    const run = floraCheck(['answers', requests, a.modelDir, requests, b.modelDir]);
    expect(run.status, run.stderr).toBe(0);
    const [listed, ...answers] = printed(run);
    expect(listed).toEqual({ instructions });
    const byThread = (t: number) => answers.filter((x) => x.thread === t);
    for (const [thread, { expected }] of [
      [0, a],
      [1, b],
      [2, a],
    ] as const) {
      const got = byThread(thread);
      expect(got.map(({ thread: _, tokensPerSecond: _s, firstTokenMs: _f, ...answer }) => answer)).toEqual(
        expected.map(asPrinted),
      );
      for (const answer of got) {
        expect(answer.tokensPerSecond).toBeGreaterThan(0);
        expect(answer.firstTokenMs).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('writes the numbers of the key lines as Flora-JS does (String()), and a text’s line breaks as spaces', () => {
    writeRequests(path.join(dir, 'requests-numbers'), prompts.requests);
    const run = floraCheck(['prompts', path.join(dir, 'requests-numbers'), agents.a.modelDir]);
    expect(run.status, run.stderr).toBe(0);
    expect(printed(run).map((p) => p.prompt)).toEqual(prompts.expected);
    expect(prompts.expected.join('')).toContain('e-7');
  });

  it('gives a FloraException with the reason for a missing or damaged folder, and the library logs it to the file', () => {
    const folder = (name: string, change: (files: Record<string, Buffer>) => void) => {
      const to = path.join(dir, 'bad', name, path.basename(agents.a.modelDir));
      mkdirSync(to, { recursive: true });
      const files = Object.fromEntries(
        readdirSync(agents.a.modelDir).map((f) => [f, readFileSync(path.join(agents.a.modelDir, f))]),
      );
      change(files);
      for (const [f, bytes] of Object.entries(files)) writeFileSync(path.join(to, f), bytes);
      return to;
    };
    const template = `${path.basename(agents.a.modelDir)}_template.json`;
    const flipped = folder('flipped', (f) => (f['weights.bin']![100]! ^= 1));
    const truncated = folder('truncated', (f) => (f['tokenizer.bin'] = f['tokenizer.bin']!.subarray(0, 50)));
    const noTemplate = folder('no-template', (f) => delete f[template]);
    const notJson = folder('not-json', (f) => (f[template] = Buffer.from('{"instructions": [')));
    const missing = path.join(dir, 'no-such-folder');
    rmSync(path.join(dir, 'flora-native.log'), { force: true });
    const run = floraCheck([
      'load',
      '--log',
      agents.a.modelDir,
      flipped,
      truncated,
      noTemplate,
      notJson,
      missing,
    ]);
    expect(run.status, run.stderr).toBe(0);
    expect(printed(run)).toEqual([
      { log: true },
      { dir: agents.a.modelDir, loaded: true },
      {
        dir: flipped,
        error: `FloraException: Flora native could not load the model folder ${flipped}: ${flipped}/weights.bin is damaged: its CRC-32 does not match\nInitNLM: no model loaded from ${flipped}`,
      },
      {
        dir: truncated,
        error: expect.stringMatching(
          /^FloraException: Flora native could not load the model folder .*tokenizer\.bin is damaged/,
        ),
      },
      { dir: noTemplate, error: expect.stringContaining(`has no ${template}`) },
      { dir: notJson, error: expect.stringMatching(/^FloraException: .* is not JSON: /) },
      { dir: missing, error: `FloraException: there is no model folder ${missing}` },
    ]);
    // LogToFile: the library's reasons also went to flora-native.log in the working directory.
    expect(readFileSync(path.join(dir, 'flora-native.log'), 'utf8')).toContain(
      `InitNLM: no model loaded from ${flipped}`,
    );
  });

  it('gives a FloraException that says what to do when the library is missing or is another library', () => {
    const missing = floraCheck(['load', agents.a.modelDir], null);
    expect(missing.status, missing.stderr).toBe(0);
    expect(printed(missing)).toEqual([
      {
        dir: agents.a.modelDir,
        error: expect.stringMatching(
          /^FloraException: Flora native's library was not found \(flora\.dll on Windows, libflora\.so on Linux/,
        ),
      },
    ]);
    // A library named flora that is not Flora native.
    const other = path.join(dir, 'other');
    mkdirSync(other, { recursive: true });
    writeFileSync(path.join(other, 'other.c'), 'int other(void) { return 1; }\n');
    const library = path.join(other, 'libflora.so');
    const cc = spawnSync('gcc', ['-shared', '-fPIC', '-o', library, path.join(other, 'other.c')], {
      encoding: 'utf8',
    });
    expect(cc.status, cc.stderr).toBe(0);
    const wrong = floraCheck(['load', agents.a.modelDir], other);
    expect(wrong.status, wrong.stderr).toBe(0);
    expect(printed(wrong)).toEqual([
      {
        dir: agents.a.modelDir,
        error: expect.stringMatching(
          /^FloraException: the library named flora lacks a function of Flora native/,
        ),
      },
    ]);
  });

  it('refuses wrong requests with the reason, a prompt over the limit with the library’s, and Answer after Dispose', () => {
    const run = floraCheck(['misuse', agents.a.modelDir]);
    expect(run.status, run.stderr).toBe(0);
    expect(printed(run)).toEqual([
      {
        case: 'too long',
        error: expect.stringMatching(
          /^FloraException: Flora native answered nothing to "keeper_talks_with_sailor": Inference: the prompt is \d+ tokens; this model takes at most \d+: shorten the input lines$/,
        ),
      },
      {
        case: 'no instruction',
        error: `ArgumentException: no instruction "sing_a_song"; this agent has ${instructions.map((i) => `"${i}"`).join(', ')}`,
      },
      {
        case: 'one line short',
        error: 'ArgumentException: "keeper_talks_with_sailor" takes 2 input line(s), got 1',
      },
      {
        case: 'out of range',
        error: 'ArgumentException: input line 1 of "ship_reports_position": 60 is outside -50…50',
      },
      {
        case: 'numbers missing',
        error: 'ArgumentException: input line 1 of "ship_reports_position" takes 2 number(s), got 0',
      },
      {
        case: 'response numbers',
        error: 'ArgumentException: the response line of "keeper_talks_with_sailor" takes 0 number(s), got 1',
      },
      { case: 'NUL', error: expect.stringMatching(/^ArgumentException: the prompt holds a NUL character/) },
      {
        case: 'lone surrogate',
        error: expect.stringMatching(/^ArgumentException: the prompt is not valid Unicode/),
      },
      { case: 'disposed', error: expect.stringMatching(/^ObjectDisposedException: .*was disposed/) },
    ]);
  });
});
