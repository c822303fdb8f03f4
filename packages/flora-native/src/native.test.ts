// Flora native against Flora-JS: the library built here, loaded by a C program the way the Unreal plugin loads
// it (dlopen, the five functions by name), answers every training sample of a trained fixture agent exactly as
// Flora-JS does, from the exported model folder and the prompts the plugin renders, each with a TokenSpeed above 0;
// a bad folder gives NULL and its reason in the log file LogAddFilePointer opens; two models on two threads give
// the same answers; valgrind finds no error and no leak (one short sample each on two threads, two models from two
// exported folders). Without gcc the test is skipped with one loud line (failed under CI=true, whose machine has
// it). The Windows DLL
// (mingw-w64) is checked for its exports with objdump, and answers the samples under wine when wine is installed
// (.ci/run installs Debian's).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportUnreal, loadAgent, type RunRequest } from '@greenhouse/flora';
import { buildNative, hasCompiler, nativeRoot } from '../build.mjs';
import { randomAgent, trainedAgent } from '../../flora/test/fixture.js';
import { readAgentFile } from '../../flora/src/agent-file.js';
import { Model } from '../../flora/src/model.js';
import { mulberry32 } from '../../flora/src/sampling.js';
import { Tokenizer } from '../../flora/src/tokenizer.js';
import { exampleRequests } from '../../flora/test/requests.js';

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

describe.skipIf(!gcc)('flora native', () => {
  let dir: string;
  let library: string;
  let harness: string;
  let modelDir: string;
  let template: Template;
  let requests: RunRequest[];
  let expected: string[];
  let agentText: string;

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
    const { agent: file, protocol } = await trainedAgent();
    agentText = file;
    const folder = await exportUnreal(file);
    for (const [name, bytes] of folder.files) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), bytes);
    }
    modelDir = path.join(dir, folder.name);
    template = JSON.parse(
      Buffer.from(folder.files.get(`${folder.name}/${folder.name}_template.json`)!).toString(),
    ) as Template;
    const agent = await loadAgent(file);
    requests = exampleRequests(protocol);
    expected = requests.map((r) => {
      const { output, reaction } = agent.run(r);
      return `${output}\n${reaction}`;
    });
    await built;
  }, 60_000);

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

  /** A copy of the model folder with its files changed. */
  const damaged = (name: string, change: (files: Record<string, Buffer>) => void) => {
    const to = path.join(dir, 'damaged', name);
    mkdirSync(to, { recursive: true });
    const files = Object.fromEntries(
      ['tokenizer.bin', 'weights.bin'].map((f) => [f, readFileSync(path.join(modelDir, f))]),
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
  const runHarness = (prompts: string[], flags: string[] = [], env: NodeJS.ProcessEnv = {}) => {
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

  it('answers every training sample as Flora-JS does with a TokenSpeed, on two threads at once too, and gives NULL for a bad folder', () => {
    expect(requests.length).toBeGreaterThan(10);
    const run = runHarness(
      requests.map((r) => pluginPrompt(template, r)),
      ['--threads'],
    );
    expect(run.stderr).toContain('no model loaded from /no/such/folder');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('two threads: the same answers');
    expect(run.answers).toEqual(expected);
    // Every answer (none is empty) came with its tokens per second.
    expect(run.stdout).toContain(`TokenSpeed > 0: ${requests.length} of ${requests.length} answers`);
    // LogAddFilePointer (1) opened flora-native.log in the working directory: the reason is there too.
    expect(run.log).toContain('InitNLM: no model loaded from /no/such/folder');
  });

  it('encodes text as Flora-JS does: Unicode classes, digits, contractions, whitespace runs, added tokens', async () => {
    const random = mulberry32(11);
    const pieces = [
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
          () => pieces[Math.floor(random() * pieces.length)],
        ).join(''),
      ),
    ];
    const tokenizer = Tokenizer.fromJSON((await readAgentFile(agentText)).tokenizerText);
    writePrompts(path.join(dir, 'texts'), texts);
    const run = spawnSync(
      buildProbe(),
      ['tokens', modelDir, path.join(dir, 'texts'), path.join(dir, 'ids')],
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
      const folder = await exportUnreal(agent);
      const at = path.join(dir, `logits-${tieEmbeddings}`);
      for (const [name, bytes] of folder.files) {
        mkdirSync(path.dirname(path.join(at, name)), { recursive: true });
        writeFileSync(path.join(at, name), bytes);
      }
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
          [
            'logits',
            path.join(at, folder.name),
            path.join(dir, 'ids'),
            path.join(dir, 'logits.bin'),
            String(steps),
          ],
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
    const version = damaged('version', (f) => f['weights.bin']!.writeUInt32LE(2, 8));
    const missing = damaged('missing', (f) => delete f['weights.bin']);
    const run = runHarness(
      [],
      [flipped, truncated, version, missing].flatMap((d) => ['--bad', d]),
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toContain('weights.bin is damaged: its CRC-32 does not match');
    expect(run.stderr).toMatch(/tokenizer\.bin is damaged/);
    expect(run.stderr).toContain('this library reads version 1');
    expect(run.stderr).toContain(`cannot open ${path.join(missing, 'weights.bin')}`);
    // The log file has the same reasons, line for line (without stderr's "flora-native: " prefix).
    const logged = run.stderr
      .split('\n')
      .filter((line) => line.startsWith('flora-native: '))
      .map((line) => line.slice('flora-native: '.length));
    expect(logged.length).toBeGreaterThanOrEqual(10);
    expect(run.log?.split('\n').slice(0, -1)).toEqual(logged);
    for (const folder of [flipped, truncated, version, missing, '/no/such/folder'])
      expect(run.log).toContain(`InitNLM: no model loaded from ${folder}`);
  });

  it('gives the same answers with the SSE2 kernel as with AVX2', () => {
    const run = runHarness(
      requests.map((r) => pluginPrompt(template, r)),
      [],
      { FLORA_NATIVE_KERNEL: 'sse2' },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.answers).toEqual(expected);
  });

  it('answers nothing, with the reason logged, to a prompt over the limit, an unfilled number slot or no instruction', () => {
    const long = {
      ...requests[0]!,
      inputs: requests[0]!.inputs.map((i) => ({ ...i, text: 'word '.repeat(400) })),
    };
    const numeric = requests.find((r) => r.inputs.some((i) => (i.numbers ?? []).length > 0))!;
    const unfilled = pluginPrompt(template, numeric).replace(
      /Position_\[[^\]]*\]/,
      'Position_<num_-50_50_2>',
    );
    const run = runHarness([pluginPrompt(template, long), unfilled, '<BOS>\nhello\n<RUN>']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.answers).toEqual(['', '', '']);
    expect(run.stderr).toMatch(/the prompt is \d+ tokens; this model takes at most \d+/);
    expect(run.stderr).toContain('number slot');
    expect(run.stderr).toContain('none of the model');
  });

  if (!mingw) console.warn('flora-native: no mingw-w64 here — the Windows DLL test is SKIPPED');
  it.skipIf(!mingw)(
    `the Windows DLL exports the plugin's functions, needs only Windows' own DLLs${wine ? ' and answers as Flora-JS under wine' : ''}`,
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
      writePrompts(
        path.join(dir, 'prompts'),
        requests.map((r) => pluginPrompt(template, r)),
      );
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
      expect(run.stdout).toContain(`TokenSpeed > 0: ${requests.length} of ${requests.length} answers`);
      expect(readLog()).toContain('InitNLM: no model loaded from /no/such/folder');
      expect(readAnswers(path.join(dir, 'answers'))).toEqual(expected);
    },
    120_000,
  );

  const valgrind = spawnSync('valgrind', ['--version']).status === 0;
  if (!valgrind) console.warn('flora-native: valgrind is not installed — the memcheck test is SKIPPED');
  it.skipIf(!valgrind)(
    'is clean under valgrind memcheck (one short sample, and two models from two folders on two threads)',
    async () => {
      const shortest = [...requests].sort(
        (a, b) => pluginPrompt(template, a).length - pluginPrompt(template, b).length,
      )[0]!;
      writePrompts(path.join(dir, 'prompts'), [pluginPrompt(template, shortest)]);
      // A second exported folder: another agent of the same protocol (random weights, its own name and folder).
      const { agent: other } = randomAgent({ dModel: 32, nLayers: 2, nHeads: 2, dFF: 128 }, 5);
      const otherFolder = await exportUnreal(other);
      for (const [name, bytes] of otherFolder.files) {
        mkdirSync(path.dirname(path.join(dir, 'second', name)), { recursive: true });
        writeFileSync(path.join(dir, 'second', name), bytes);
      }
      const secondDir = path.join(dir, 'second', otherFolder.name);
      expect(otherFolder.name).not.toBe(path.basename(modelDir));
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
          // and a folder whose weights.bin ends early: the failed load frees what it took
          '--bad',
          damaged('short', (f) => (f['weights.bin'] = f['weights.bin']!.subarray(0, 5000))),
          // and the two-thread run: this model and the second folder's, each answering the sample at once
          '--threads',
          '--second',
          secondDir,
        ],
        { encoding: 'utf8', cwd: dir },
      );
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr).toContain('ERROR SUMMARY: 0 errors');
      expect(run.stdout).toContain('two threads: the same answers');
      expect(run.stdout).toContain('TokenSpeed > 0: 1 of 1 answers');
      expect(readAnswers(path.join(dir, 'answers'))).toEqual([expected[requests.indexOf(shortest)]]);
    },
    60_000,
  );
});
