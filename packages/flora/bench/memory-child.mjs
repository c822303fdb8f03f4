// Child process of flora-bench.ts: prints this process's resident memory as JSON, after a full GC —
//   node --expose-gc memory-child.mjs bare          a bare Node process (the baseline)
//   node --expose-gc memory-child.mjs floor <base64> after running a tiny WebAssembly module (flora-bench.ts)
//                                                   hot until V8 has tiered it up: what any hot WebAssembly costs
//   node --expose-gc memory-child.mjs <agent.json>  after loading the agent (dist/flora.js, the bundle users run)
//                                                   and generating 64 tokens with it
// Plain JS on the built package so that no TypeScript loader's memory is counted.
import { readFileSync } from 'node:fs';

const gc = globalThis.gc;
if (!gc) throw new Error('run with --expose-gc');
const settle = async () => {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
};

const path = process.argv[2];
let agent = null;
let positions = 0;
if (path === 'floor') {
  const { instance } = await WebAssembly.instantiate(Buffer.from(process.argv[3], 'base64'));
  // ~20 million loop turns, well over V8's budget for optimizing a function (--wasm-tiering-budget).
  for (let i = 0; i < 200; i++) instance.exports.sum(100_000);
} else if (path !== 'bare') {
  const { loadAgent } = await import('../dist/flora.js');
  agent = await loadAgent(readFileSync(path));
  const instruction = agent.instructions[0];
  const request = {
    instruction: instruction.name,
    inputs: instruction.inputs.map((line) => ({
      text: 'What a curious feeling, said Alice.',
      numbers: line.numberSlots.flatMap((s) => Array.from({ length: s.length ?? 1 }, () => s.min)),
    })),
  };
  const result = agent.run(request, { maxTokens: 64 });
  positions = result.promptTokens + result.tokens - 1; // the last token chosen is not fed
}
await settle();
// Linux splits resident memory into anonymous pages (heap, WebAssembly memory) and file pages (mostly the
// node binary's own code, paged in as the process uses JSON, the WebAssembly compilers, the JIT); `byKind`
// splits it further.
const status = (() => {
  try {
    return readFileSync('/proc/self/status', 'utf8');
  } catch {
    return '';
  }
})();
const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;

/**
 * Resident bytes by kind of mapping (Linux, /proc/self/smaps), to tell where the memory is:
 *   wasm    WebAssembly memories: read-write, followed by the > 1 GiB inaccessible rest of V8's reservation;
 *   malloc  glibc's heap ([heap]) and its per-thread arenas (read-write, then inaccessible to 64 MiB):
 *           V8's compiler threads, node's own allocations;
 *   v8      other anonymous memory: V8's heap pages (JS objects, bytecode), JIT code, thread stacks;
 *   node    node's binary (file-backed: the code of the interpreter, compilers, JSON, WebCrypto… paged in);
 *   files   other files (shared libraries).
 */
function byKind() {
  let text;
  try {
    text = readFileSync('/proc/self/smaps', 'utf8');
  } catch {
    return null;
  }
  const maps = [];
  for (const line of text.split('\n')) {
    const m = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (m) maps.push({ from: parseInt(m[1], 16), to: parseInt(m[2], 16), perm: m[3], name: m[4], rss: 0 });
    const r = /^Rss:\s+(\d+) kB/.exec(line);
    if (r && maps.length) maps.at(-1).rss = Number(r[1]) * 1024;
  }
  const kinds = { wasm: 0, malloc: 0, v8: 0, node: 0, files: 0 };
  maps.forEach((x, i) => {
    const next = maps[i + 1];
    const reserved = x.perm === 'rw-p' && !x.name && next?.from === x.to && next.perm === '---p';
    let kind = 'v8';
    if (x.name.startsWith('/')) kind = /\/node[^/]*$/.test(x.name) ? 'node' : 'files';
    else if (x.name === '[heap]') kind = 'malloc';
    else if (x.name)
      kind = 'files'; // [stack], [vdso]…
    else if (reserved && next.to - next.from > 2 ** 30) kind = 'wasm';
    else if (reserved && next.to - x.from === 2 ** 26) kind = 'malloc';
    kinds[kind] += x.rss;
  });
  return kinds;
}

const { rss, heapTotal, external } = process.memoryUsage(); // before byKind allocates anything
const report = {
  rss,
  heapTotal,
  external,
  anon: kb('RssAnon'),
  file: kb('RssFile'),
  ...byKind(),
  positions,
  kept: agent !== null,
};
process.stdout.write(`${JSON.stringify(report)}\n`);
