// Flora's speed and memory, single thread, on two models in the agent format with RANDOM (GPT-2-initialised)
// weights — training a 5M-parameter model would take many minutes and speed does not depend on the values:
//   ~1M parameters (d 128, 5 layers) and ~5M (d 256, 6 layers), vocabulary of our example protocol (the
//   lighthouse fixture, packages/mtp/fixtures), context 256.
// Prints: decoding tokens/s and param·tokens/s (prompt of 64 tokens, then 192 tokens one forward each, every
// token fed back whatever it is), time to first token for a 64-token input (median of 7), the same with the JS
// kernel for comparison, and resident memory over a bare Node process (child processes, after a full GC) — then,
// for comparison, the memory of a process that only ran one tiny WebAssembly function hot.
//   npm run bench:flora            (from the repository root)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomAgent } from '../test/fixture.js';
import { readAgentFile } from '../src/agent-file.js';
import { Model } from '../src/model.js';
import { argmax, mulberry32 } from '../src/sampling.js';
import type { KernelKind } from '../src/kernels/kernels.js';
import { bundleFlora } from '../../../scripts/bundle-flora.mjs';
import { compileWat } from '../../../scripts/build-wasm.mjs';

const SIZES = [
  { label: '1M', shape: { dModel: 128, nLayers: 5, nHeads: 4, dFF: 512, contextLength: 256 } },
  { label: '5M', shape: { dModel: 256, nLayers: 6, nHeads: 8, dFF: 1024, contextLength: 256 } },
];
const PROMPT = 64;
const GENERATE = 192;
const here = path.dirname(fileURLToPath(import.meta.url));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function promptIds(V: number, seed: number): number[] {
  const random = mulberry32(seed);
  return Array.from({ length: PROMPT }, () => Math.floor(random() * V));
}

function measure(model: Model, runs: number) {
  const V = model.arch.vocabSize;
  const ttft: number[] = [];
  const rates: number[] = [];
  const cpuRates: number[] = [];
  for (let run = 0; run < runs; run++) {
    const ids = promptIds(V, run);
    model.reset();
    const t0 = performance.now();
    let id = argmax(model.forward(ids));
    ttft.push(performance.now() - t0);
    const t1 = performance.now();
    const c1 = process.cpuUsage();
    for (let k = 0; k < GENERATE; k++) id = argmax(model.forward([id]));
    const cpu = process.cpuUsage(c1);
    rates.push(GENERATE / ((performance.now() - t1) / 1000));
    cpuRates.push(GENERATE / ((cpu.user + cpu.system) / 1e6));
  }
  return { ttftMs: median(ttft), tokensPerSecond: median(rates), tokensPerCpuSecond: median(cpuRates) };
}

interface Resident {
  rss: number;
  /** Linux: anonymous pages (heaps, WebAssembly memory) and file pages (mostly node's own code). */
  anon: number;
  file: number;
  /** Linux: by kind of mapping (see memory-child.mjs). */
  wasm: number;
  malloc: number;
  v8: number;
  node: number;
  files: number;
  /** Positions in the KV cache after the child's run. */
  positions: number;
}

function childRss(...args: string[]): Resident {
  const out = execFileSync(process.execPath, ['--expose-gc', path.join(here, 'memory-child.mjs'), ...args], {
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as Resident;
}

const medianOf = (xs: Resident[], k: keyof Resident) => median(xs.map((x) => x[k]));

const mb = (b: number) => (b / 2 ** 20).toFixed(1);
// The memory child runs the built package (dist/flora.js), as users do: build it first (incremental, quick).
execFileSync(path.join(here, '../../../node_modules/.bin/tsc'), ['-b', path.join(here, '..')], {
  stdio: 'inherit',
});
await bundleFlora();
console.log(`Flora bench — Node ${process.version}, load average ${loadavg()[0]!.toFixed(2)}, single thread`);
// The baseline, once for every comparison below.
const bares = [0, 1, 2].map(() => childRss('bare'));
const bare = medianOf(bares, 'rss');
const dir = mkdtempSync(path.join(tmpdir(), 'flora-bench-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
for (const { label, shape } of SIZES) {
  const { agent } = randomAgent(shape, 1);
  const file = await readAgentFile(agent);
  const agentPath = path.join(dir, `${label}.json`);
  writeFileSync(agentPath, agent);
  const results: Partial<Record<KernelKind, ReturnType<typeof measure>>> = {};
  for (const kind of ['wasm-simd', 'js'] as const) {
    const model = await Model.create(file.architecture, file.tensors, file.weights, kind);
    measure(model, 1); // warm-up (JIT, caches)
    results[kind] = measure(model, kind === 'js' ? 3 : 7);
  }
  const loadeds = [0, 1, 2].map(() => childRss(agentPath));
  const loaded = medianOf(loadeds, 'rss');
  const over = (k: keyof Resident) => medianOf(loadeds, k) - medianOf(bares, k);
  const a = file.architecture;
  const kvPosition = 2 * a.nLayers * a.dModel * 4;
  const kv = a.contextLength * kvPosition;
  const positions = medianOf(loadeds, 'positions');
  const w = results['wasm-simd']!;
  const j = results.js!;
  const budget = file.weights.byteLength + 8 * 2 ** 20;
  console.log(
    [
      `\n${label}: ${file.parameters.toLocaleString('en')} parameters, weights.bin ${mb(file.weights.byteLength)} MB, agent file ${mb(file.bytes)} MB`,
      `  WASM SIMD: ${w.tokensPerSecond.toFixed(0)} tokens/s = ${((w.tokensPerSecond * file.parameters) / 1e9).toFixed(2)}×10⁹ param·tokens/s` +
        ` (goal ≥ 3×10⁹), time to first token (64-token input) ${w.ttftMs.toFixed(1)} ms (goal ≤ 100)`,
      `             per CPU second of this process: ${w.tokensPerCpuSecond.toFixed(0)} tokens = ` +
        `${((w.tokensPerCpuSecond * file.parameters) / 1e9).toFixed(2)}×10⁹ param·tokens`,
      `  JS kernel: ${j.tokensPerSecond.toFixed(0)} tokens/s, time to first token ${j.ttftMs.toFixed(1)} ms`,
      `  memory: RSS ${mb(loaded)} MB loaded (after 64 tokens) vs ${mb(bare)} MB bare = +${mb(loaded - bare)} MB (goal ≤ weights + 8 MB = ${mb(budget)} MB): ${loaded - bare <= budget ? 'met' : 'NOT met'}`,
      `          anonymous +${mb(over('anon'))} MB, file-backed +${mb(over('file'))} MB; by kind:`,
      `          WebAssembly memory +${mb(over('wasm'))} MB (weights ${mb(file.weights.byteLength)} float16, the KV cache's ${positions} positions used ` +
        `${mb(positions * kvPosition)} of ${mb(kv)} float32, activations)`,
      `          V8 heap, JIT code, stacks +${mb(over('v8'))} MB, malloc (node, V8's compiler threads) +${mb(over('malloc'))} MB,` +
        ` node's binary paged in (JIT compilers, WebAssembly tiers…) +${mb(over('node'))} MB, other files +${mb(over('files'))} MB`,
    ].join('\n'),
  );
}

// For comparison, what any WebAssembly costs that runs hot enough for V8 to optimize it: one exported function
// of one SIMD loop over a 64 KB memory, called until V8 has tiered it up. Nothing of Flora's; the difference
// from bare Node is V8's WebAssembly compilers paged in from node's binary and their threads' arenas.
const FLOOR_WAT = `(module
  (memory 1)
  (func (export "sum") (param $n i32) (result f32) (local $i i32) (local $acc v128)
    (loop $turn
      (local.set $acc (f32x4.add (local.get $acc)
        (v128.load (i32.and (i32.shl (local.get $i) (i32.const 4)) (i32.const 0xfff0)))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br_if $turn (i32.lt_u (local.get $i) (local.get $n))))
    (f32x4.extract_lane 0 (local.get $acc))))`;
const floorWasm = ((await compileWat(FLOOR_WAT)) as Buffer).toString('base64');
const floors = [0, 1, 2].map(() => childRss('floor', floorWasm));
const floorOver = (k: keyof Resident) => medianOf(floors, k) - medianOf(bares, k);
console.log(
  `\nAny hot WebAssembly (one SIMD loop, no Flora), tiered up by V8: RSS +${mb(floorOver('rss'))} MB over bare Node —` +
    ` node's binary paged in +${mb(floorOver('node'))} MB, malloc +${mb(floorOver('malloc'))} MB, V8 heap, JIT code +${mb(floorOver('v8'))} MB`,
);
