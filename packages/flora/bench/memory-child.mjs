// Child process of flora-bench.ts: prints this process's resident memory as JSON, after a full GC —
//   node --expose-gc memory-child.mjs bare          a bare Node process (the baseline)
//   node --expose-gc memory-child.mjs <agent.json>  after loading the agent (built dist, as users run it)
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
if (path !== 'bare') {
  const { loadAgent } = await import('../dist/index.js');
  agent = await loadAgent(readFileSync(path));
  const instruction = agent.instructions[0];
  const request = {
    instruction: instruction.name,
    inputs: instruction.inputs.map((line) => ({
      text: 'What a curious feeling, said Alice.',
      numbers: line.numberSlots.flatMap((s) => Array.from({ length: s.length ?? 1 }, () => s.min)),
    })),
  };
  agent.run(request, { maxTokens: 64 });
}
await settle();
// Linux splits resident memory into anonymous pages (heap, WebAssembly memory) and file pages (mostly the
// node binary's own code, paged in as the process uses JSON, WebCrypto, the WebAssembly compilers, the JIT).
const status = (() => {
  try {
    return readFileSync('/proc/self/status', 'utf8');
  } catch {
    return '';
  }
})();
const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
const report = {
  rss: process.memoryUsage().rss,
  heapTotal: process.memoryUsage().heapTotal,
  external: process.memoryUsage().external,
  anon: kb('RssAnon'),
  file: kb('RssFile'),
  kept: agent !== null,
};
process.stdout.write(`${JSON.stringify(report)}\n`);
