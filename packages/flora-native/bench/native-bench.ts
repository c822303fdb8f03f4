// Flora native beside Flora-JS, one thread, on the models of Flora's bench (packages/flora/bench: random
// GPT-2-initialised weights — speed does not depend on the values — with the example protocol's tokenizer,
// context 256): ~1M parameters (d 128, 5 layers) and ~5M (d 256, 6 layers).
// Prints per model: decoding tokens/s (a 64-token prompt, then 192 tokens, one forward each, every greedy token
// fed back — the same ids on both sides) and time to first token (the 64-token prompt through the model and the
// first token chosen), median of 7; their ratio; and the resident memory of a C process that loaded the library
// by name (as the plugin does) and answered one prompt, over the same program doing nothing (median of 3), with
// the time to that answer's first token — for the model as a version-1 agent (no reaction model) and as a
// version-2 one (the reaction model of the trained fixture agent, same protocol: its 30,000-word table).
//   npm run bench:flora-native     (from the repository root; needs gcc)
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { exportUnreal, loadAgent } from '@greenhouse/flora';
import { buildNative, hasCompiler, nativeRoot } from '../build.mjs';
import { randomAgent, trainedAgent } from '../../flora/test/fixture.js';
import { readAgentFile } from '../../flora/src/agent-file.js';
import { Model } from '../../flora/src/model.js';
import { argmax, mulberry32 } from '../../flora/src/sampling.js';

const SIZES = [
  { label: '1M', shape: { dModel: 128, nLayers: 5, nHeads: 4, dFF: 512, contextLength: 256 } },
  { label: '5M', shape: { dModel: 256, nLayers: 6, nHeads: 8, dFF: 1024, contextLength: 256 } },
];
const PROMPT = 64;
const GENERATE = 192;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mb = (b: number) => (b / 2 ** 20).toFixed(2);

/** Flora-JS (WebAssembly SIMD) measured as Flora's bench does, on the same ids as native-bench.c. */
function measureJs(model: Model, runs: number) {
  const ttft: number[] = [];
  const rates: number[] = [];
  for (let run = 0; run < runs; run++) {
    const random = mulberry32(run);
    const ids = Array.from({ length: PROMPT }, () => Math.floor(random() * model.arch.vocabSize));
    model.reset();
    const t0 = performance.now();
    let id = argmax(model.forward(ids));
    ttft.push(performance.now() - t0);
    const t1 = performance.now();
    for (let k = 0; k < GENERATE; k++) id = argmax(model.forward([id]));
    rates.push(GENERATE / ((performance.now() - t1) / 1000));
  }
  return { ttftMs: median(ttft), tokensPerSecond: median(rates) };
}

if (!hasCompiler('linux-x64')) {
  console.error('bench:flora-native needs gcc');
  process.exit(1);
}
const dir = mkdtempSync(path.join(tmpdir(), 'flora-native-bench-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const library = path.join(dir, 'libflora.so');
await buildNative('linux-x64', library, path.join(dir, 'build'));
const bench = path.join(dir, 'native-bench');
const sources = readdirSync(path.join(nativeRoot, 'src'))
  .filter((f) => f.endsWith('.c'))
  .map((f) => path.join(nativeRoot, 'src', f));
execFileSync('gcc', [
  ...['-std=c11', '-O2', '-ffp-contract=off', `-I${path.join(dir, 'build')}`, '-o', bench],
  ...[path.join(nativeRoot, 'bench/native-bench.c'), ...sources, '-ldl', '-lm'],
]);
const json = <T>(args: string[]): T => {
  const run = spawnSync(bench, args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`native-bench ${args.join(' ')} failed:\n${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as T;
};

/** Writes the agent's model folder under `dir/root`; its path. */
async function writeFolder(agent: string, root: string) {
  const folder = await exportUnreal(agent);
  for (const [name, bytes] of folder.files) {
    mkdirSync(path.dirname(path.join(dir, root, name)), { recursive: true });
    writeFileSync(path.join(dir, root, name), bytes);
  }
  return path.join(dir, root, folder.name);
}

// A reaction model of the example protocol, for the version-2 figures (the tiny fixture agent, trained here).
const reactions = (await readAgentFile((await trainedAgent()).agent)).reactions!;

console.log(`Flora native bench — load average ${loadavg()[0]!.toFixed(2)}, single thread`);
const bare = median([0, 1, 2].map(() => json<{ rss: number }>(['bare']).rss));
for (const { label, shape } of SIZES) {
  const { agent } = randomAgent(shape, 1);
  const file = await readAgentFile(agent);
  const modelDir = await writeFolder(agent, 'v1');
  const native = json<{ kernel: string; ttftMs: number; tokensPerSecond: number }>(['speed', modelDir]);
  const model = await Model.create(file.architecture, file.tensors, file.weights, 'wasm-simd');
  measureJs(model, 1); // warm-up (JIT, caches)
  const js = measureJs(model, 7);

  // Memory: the library answering one prompt of the agent's first instruction.
  const flora = await loadAgent(agent);
  const instruction = flora.instructions[0]!;
  const prompt = flora
    .prompt({
      instruction: instruction.name,
      inputs: instruction.inputs.map((line) => ({
        text: 'The quick brown fox jumps over the lazy dog, said the White Rabbit.',
        numbers: line.numberSlots.flatMap((s) => Array.from({ length: s.length ?? 1 }, () => s.min)),
      })),
    })
    .replace(/\n$/, '');
  writeFileSync(path.join(dir, 'prompt'), prompt);
  const v2Dir = await writeFolder(randomAgent(shape, 1, 1, undefined, { reactions }).agent, 'v2');
  type Answered = { rss: number; firstTokenMs: number };
  const answer = (folder: string) => {
    const runs = [0, 1, 2].map(() => json<Answered>(['memory', library, folder, path.join(dir, 'prompt')]));
    return { rss: median(runs.map((r) => r.rss)), firstTokenMs: median(runs.map((r) => r.firstTokenMs)) };
  };
  const v1 = answer(modelDir);
  const v2 = answer(v2Dir);
  const loaded = v1.rss;
  const weights = file.weights.byteLength;
  const budget = weights + 2 * 2 ** 20;
  console.log(
    [
      `\n${label}: ${file.parameters.toLocaleString('en')} parameters, weights ${mb(weights)} MB`,
      `  native (${native.kernel}): ${native.tokensPerSecond.toFixed(0)} tokens/s, time to first token ${native.ttftMs.toFixed(2)} ms`,
      `  Flora-JS (WASM SIMD): ${js.tokensPerSecond.toFixed(0)} tokens/s, time to first token ${js.ttftMs.toFixed(2)} ms`,
      `  ratio: ${(native.tokensPerSecond / js.tokensPerSecond).toFixed(2)}× tokens/s (goal ≥ 1.5×), ` +
        `${(js.ttftMs / native.ttftMs).toFixed(2)}× faster to the first token`,
      `  memory: RSS ${mb(loaded)} MB loaded and answered vs ${mb(bare)} MB bare = +${mb(loaded - bare)} MB ` +
        `(goal ≤ weights + 2 MB = ${mb(budget)} MB): ${loaded - bare <= budget ? 'met' : 'NOT met'}; ` +
        `first token of the answer ${v1.firstTokenMs.toFixed(2)} ms`,
      // A version-2 agent's model data is its weights and its reaction model: the library's own overhead is
      // what the goal bounds.
      `  as a version-2 agent (reaction model of ${mb(reactions.length)} MB): +${mb(v2.rss - bare)} MB ` +
        `(goal ≤ weights + reaction model + 2 MB = ${mb(budget + reactions.length)} MB: ` +
        `${v2.rss - bare <= budget + reactions.length ? 'met' : 'NOT met'}); first token of the answer ${v2.firstTokenMs.toFixed(2)} ms`,
    ].join('\n'),
  );
}
