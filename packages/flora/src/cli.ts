#!/usr/bin/env node
// The `flora` command (Node only; the engine itself has no `node:` imports):
//   flora run agent.json            at a terminal: pick an instruction, type its lines, see output and reaction;
//                                   piped: every request read from stdin answered, nothing asked
//   flora run agent.json --jsonl    one JSON request per stdin line → one JSON answer per stdout line
//   flora info agent.json [--json]  size, parameters, instructions, reactions, training metrics, device fit
//                                   (measured here in child processes; --native LIB adds Flora native's)
//   flora bench agent.json          tokens/s, time to first token, memory
//   flora export-unreal agent.json OUTDIR   the model folder of Flora native (the Unreal plugin's) in OUTDIR
// Options of run and bench: --temperature T, --top-k K, --seed S, --max-tokens N.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  DEVICE_FIT_CHILDREN,
  DEVICE_FIT_RUNS,
  measureDeviceFit,
  standardRequest,
  type DeviceFigures,
  type DeviceFit,
} from './device-fit.js';
import { exportUnreal } from './export-unreal.js';
import {
  FloraError,
  loadAgent,
  type Agent,
  type RunOptions,
  type RunRequest,
  type RunResult,
} from './index.js';

const USAGE = `Usage:
  flora run <agent.json> [--jsonl] [--temperature T] [--top-k K] [--seed S] [--max-tokens N]
  flora info <agent.json> [--json] [--native LIBRARY] [--no-fit]
  flora bench <agent.json> [--runs N]
  flora export-unreal <agent.json> <OUTDIR>   writes OUTDIR/<Name>/ for Flora native and the Unreal plugin

run without --jsonl asks for each line at a terminal; piped, it asks nothing and answers every request it
reads (the instruction's number when the agent has several, then each input line and its numbers), printing
the output line and "— reaction: <name>" (or "refused").

info measures the agent's device fit on this machine, one thread, in child processes (a few seconds; --no-fit
skips it): tokens/s, time to the first token and memory over a bare process with Flora-JS and, with --native
LIBRARY (a Flora native linux-x64 library, flora-native-<version>-linux-x64.so, with the device-fit measurer
beside it, flora-native-<version>-linux-x64-fit: both on /flora), with Flora native. --json includes them as
"deviceFit": {fileBytes, parameters, js, native, nativeMissingReason} (native null when not measured).

run --jsonl reads one request per line, {"instruction": "...", "inputs": [{"text": "...", "numbers": [1]}]},
and writes one line per request: {"output","reaction","reactionName","reactionIndex","refused","reactionValue",
"tokens","tokensPerSecond"} or {"error":{"code","message"}} (prompt_too_long names the agent's limit).`;

interface Args {
  command: string;
  file: string;
  /** export-unreal's output folder. */
  outDir: string;
  flags: Map<string, string | true>;
}

function parseArgs(argv: string[]): Args {
  const [command = '', ...rest] = argv;
  const flags = new Map<string, string | true>();
  const positional: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (!a.startsWith('--')) positional.push(a);
    else if (['--jsonl', '--json', '--help', '--no-fit'].includes(a)) flags.set(a.slice(2), true);
    else {
      const value = rest[++i];
      if (value === undefined) throw new UsageError(`${a} needs a value`);
      flags.set(a.slice(2), value);
    }
  }
  const wanted = command === 'export-unreal' ? 2 : 1;
  if (positional.length !== wanted)
    throw new UsageError(
      !command
        ? 'expected a command'
        : wanted === 2
          ? 'expected an agent file and a folder'
          : 'expected one agent file',
    );
  return { command, file: positional[0]!, outDir: positional[1] ?? '', flags };
}

class UsageError extends Error {}

function runOptions(flags: Args['flags']): RunOptions {
  const num = (name: string) => {
    const v = flags.get(name);
    if (v === undefined) return undefined;
    const n = Number(v);
    if (typeof v !== 'string' || !Number.isFinite(n)) throw new UsageError(`--${name} needs a number`);
    return n;
  };
  const options: RunOptions = {};
  const temperature = num('temperature');
  const topK = num('top-k');
  const seed = num('seed');
  const maxTokens = num('max-tokens');
  if (temperature !== undefined) options.temperature = temperature;
  if (topK !== undefined) options.topK = topK;
  if (seed !== undefined) options.seed = seed;
  if (maxTokens !== undefined) options.maxTokens = maxTokens;
  return options;
}

function read(file: string): Uint8Array {
  try {
    return readFileSync(file);
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
  }
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

function figuresLine(engine: string, bare: string, f: DeviceFigures): string {
  return `  ${engine}: ${f.tokensPerSecond.toFixed(0)} tokens/s, first token ${f.firstTokenMs.toFixed(1)} ms, memory +${mb(f.memoryBytes)} over a bare ${bare} process`;
}

function deviceFitLines(fit: DeviceFit): string[] {
  return [
    `device fit (this machine, one thread; median of ${DEVICE_FIT_CHILDREN} processes × ${DEVICE_FIT_RUNS} answers of the standard request):`,
    figuresLine('Flora-JS', 'Node', fit.js),
    fit.native
      ? figuresLine('Flora native', 'C', fit.native)
      : `  Flora native: not measured — ${fit.nativeMissingReason ?? 'unknown reason'}`,
  ];
}

function info(agent: Agent, json: boolean, fit: DeviceFit | null): string {
  const i = agent.info;
  if (json) return JSON.stringify(fit ? { ...i, deviceFit: fit } : i, null, 2);
  const a = i.architecture;
  const lines = [
    `${i.name} (${i.id ?? 'no id'}), created ${i.createdTime ?? 'unknown'}`,
    `file: ${mb(i.bytes)}; weights: ${mb(i.weightsBytes)} float16; ${i.parameters.toLocaleString('en')} parameters`,
    `model: GPT, ${a.nLayers} layers, d ${a.dModel}, ${a.nHeads} heads, MLP ${a.dFF}, vocabulary ${a.vocabSize}, context ${a.contextLength} tokens, ${a.tieEmbeddings ? 'tied' : 'untied'} head; kernel ${i.kernel}`,
    'instructions:',
    ...i.instructions.flatMap((ins) => [
      `  ${ins.name}: ${ins.inputs.length} input line(s) → ${ins.response.key}`,
      ...ins.inputs.map(
        (l, k) => `    line ${k + 1}: ${l.key}${l.numbers ? ` (${l.numbers} number(s))` : ''}`,
      ),
    ]),
    `reactions: ${
      [
        ...new Set(
          i.instructions.flatMap((ins) =>
            ins.reactionDetails.map((r) => (r.refused ? `refusal (${r.name})` : r.name)),
          ),
        ),
      ].join(', ') || '(none)'
    }`,
    `prompt limit: ${i.promptLimit} tokens`,
  ];
  const metrics = i.metrics as Record<string, Record<string, unknown> | undefined>;
  for (const phase of ['tokenizer', 'pretraining', 'finetuning']) {
    const m = metrics[phase];
    if (!m) continue;
    const shown = Object.entries(m)
      .filter(([, v]) => typeof v === 'number')
      .map(([k, v]) => `${k} ${Number.isInteger(v) ? String(v) : (v as number).toPrecision(4)}`);
    lines.push(`${phase}: ${shown.join(', ')}`);
  }
  if (fit) lines.push(...deviceFitLines(fit));
  return lines.join('\n');
}

function errorLine(e: unknown): string {
  if (e instanceof FloraError) return JSON.stringify({ error: { code: e.code, message: e.message } });
  if (e instanceof SyntaxError)
    return JSON.stringify({ error: { code: 'invalid_request', message: `not JSON: ${e.message}` } });
  return JSON.stringify({ error: { code: 'internal', message: String((e as Error)?.message ?? e) } });
}

async function runJsonl(agent: Agent, options: RunOptions): Promise<void> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    let out: string;
    try {
      const request = JSON.parse(line) as RunRequest;
      const r = agent.run(request, options);
      out = JSON.stringify({
        output: r.output,
        reaction: r.reaction,
        reactionName: r.reactionName,
        reactionIndex: r.reactionIndex,
        refused: r.refused,
        reactionValue: r.reactionValue,
        tokens: r.tokens,
        tokensPerSecond: r.tokensPerSecond,
      });
    } catch (e) {
      out = errorLine(e);
    }
    process.stdout.write(`${out}\n`);
  }
}

/** How a reaction reads in plain output: its name (and value), or "refused"; never the raw key. */
function reactionText(r: RunResult): string {
  if (r.refused) return 'refused';
  return r.reactionValue === null ? r.reactionName : `${r.reactionName} ${r.reactionValue}`;
}

/**
 * `flora run` without --jsonl. At a terminal it asks for the instruction (when the agent has several), each
 * input line and its numbers, and whether to go on. When standard input is not a terminal (a pipe, a file) it
 * asks nothing: it reads the same lines in the same order (blank lines between requests are skipped) and
 * answers every request, each as its output line and its reaction, until the input ends.
 */
async function runLines(agent: Agent, options: RunOptions): Promise<void> {
  const interactive = Boolean(process.stdin.isTTY);
  // Lines through the async iterator: it buffers them, so piped input that arrives all at once is not lost
  // (rl.question drops lines read before it is called). null once stdin ends (Ctrl-D).
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: interactive });
  const lines = rl[Symbol.asyncIterator]();
  const ask = async (q: string): Promise<string | null> => {
    if (interactive) process.stdout.write(q);
    const next = await lines.next();
    return next.done ? null : next.value;
  };
  /** A request's first line: at a terminal, as typed; from a pipe, the next line that is not blank. */
  const first = async (q: string): Promise<string | null> => {
    for (;;) {
      const line = await ask(q);
      if (line === null || interactive || line.trim()) return line;
    }
  };
  const { instructions } = agent;
  const single = instructions.length === 1;
  if (interactive)
    console.log(`${agent.info.name}: ${instructions.length} instruction(s). Empty answer or Ctrl-D to quit.`);
  for (;;) {
    if (interactive) instructions.forEach((ins, k) => console.log(`  ${k + 1}. ${ins.name}`));
    let pick: string | null = '1';
    if (!single) {
      pick = await first('instruction> ');
      if (!pick) break;
    }
    const instruction = instructions[Number(pick) - 1] ?? instructions.find((i) => i.name === pick);
    if (!instruction) {
      console.log(`no such instruction: ${pick}`);
      continue;
    }
    const inputs: RunRequest['inputs'] = [];
    for (const [k, line] of instruction.inputs.entries()) {
      const prompt = `${line.key} (line ${k + 1})> `;
      const text = single && k === 0 ? await first(prompt) : await ask(prompt);
      if (text === null) return void rl.close();
      let numbers: number[] = [];
      if (line.numbers > 0) {
        const slots = line.numberSlots
          .map((s) => `${s.length ? `${s.length}×` : ''}${s.min}…${s.max}`)
          .join(', ');
        const typed = await ask(`  ${line.numbers} number(s) (${slots}), separated by spaces> `);
        if (typed === null) return void rl.close();
        numbers = typed
          .split(/[\s,]+/)
          .filter(Boolean)
          .map(Number);
      }
      inputs.push({ text, numbers });
    }
    try {
      const request = { instruction: instruction.name, inputs };
      if (interactive) {
        // The output line as it is written; what follows its line break is the reaction's raw key, named below.
        const stream = agent.stream(request, options);
        let written = '';
        let next = stream.next();
        while (!next.done) {
          if (!written.includes('\n')) process.stdout.write(next.value.split('\n')[0]!);
          written += next.value;
          next = stream.next();
        }
        const r = next.value;
        console.log(`\n— output: ${JSON.stringify(r.output)}\n— reaction: ${reactionText(r)}`);
        console.log(
          `— ${r.tokens} tokens, ${r.tokensPerSecond.toFixed(0)} tokens/s, stopped: ${r.stopReason}`,
        );
      } else {
        const r = agent.run(request, options);
        console.log(`${r.output}\n— reaction: ${reactionText(r)}`);
      }
    } catch (e) {
      if (!(e instanceof FloraError)) throw e;
      console.log(`error (${e.code}): ${e.message}`);
    }
    if (interactive && single && (await ask('again? [Y/n] '))?.toLowerCase().startsWith('n')) break;
  }
  rl.close();
}

async function bench(file: string, agent: Agent, runs: number): Promise<string> {
  const request = standardRequest(agent);
  if (!request) return 'the agent has no instructions';
  agent.run(request); // warm-up
  const results = Array.from({ length: runs }, () =>
    agent.run(request, { maxTokens: agent.info.architecture.contextLength }),
  );
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const tps = median(results.map((r) => r.tokensPerSecond));
  const ttft = median(results.map((r) => r.timeToFirstTokenMs));
  const m = process.memoryUsage();
  return [
    `${file}: ${agent.info.parameters.toLocaleString('en')} parameters, kernel ${agent.info.kernel}`,
    `instruction ${JSON.stringify(request.instruction)}: prompt ${results[0]!.promptTokens} tokens, ${results[0]!.tokens} generated (${results[0]!.stopReason})`,
    `speed: ${tps.toFixed(0)} tokens/s (${((tps * agent.info.parameters) / 1e9).toFixed(2)}×10⁹ param·tokens/s), time to first token ${ttft.toFixed(1)} ms (median of ${runs})`,
    `memory: RSS ${mb(m.rss)} (this process, Node included), WebAssembly and buffers ${mb(m.external)}, JS heap ${mb(m.heapUsed)}`,
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv.includes('--help') || argv[0] === 'help') {
    console.log(USAGE);
    return argv.length === 0 ? 2 : 0;
  }
  const args = parseArgs(argv);
  if (!['run', 'info', 'bench', 'export-unreal'].includes(args.command))
    throw new UsageError(`unknown command ${args.command}`);
  if (args.command === 'export-unreal') {
    const folder = await exportUnreal(readFileSync(args.file));
    for (const [name, bytes] of folder.files) {
      const to = path.join(args.outDir, name);
      mkdirSync(path.dirname(to), { recursive: true });
      writeFileSync(to, bytes);
    }
    console.log(path.join(args.outDir, folder.name));
    return 0;
  }
  const bytes = read(args.file);
  const agent = await loadAgent(bytes);
  if (args.command === 'info') {
    // A string: parseArgs gives every flag but the boolean ones a value.
    const native = args.flags.get('native') as string | undefined;
    let fit: DeviceFit | null = null;
    if (!args.flags.has('no-fit')) {
      // Said first: the children take a few seconds, and a silent command seems stuck.
      console.error('flora: measuring device fit in child processes (a few seconds; --no-fit skips it)…');
      fit = await measureDeviceFit(args.file, bytes, agent, native);
    }
    console.log(info(agent, args.flags.has('json'), fit));
  } else if (args.command === 'bench')
    console.log(await bench(args.file, agent, Number(args.flags.get('runs') ?? 5) || 5));
  else if (args.flags.has('jsonl')) await runJsonl(agent, runOptions(args.flags));
  else await runLines(agent, runOptions(args.flags));
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    if (e instanceof UsageError) console.error(`flora: ${e.message}\n\n${USAGE}`);
    else if (e instanceof FloraError) console.error(`flora: ${e.message} (${e.code})`);
    else console.error(e);
    process.exitCode = e instanceof UsageError ? 2 : 1;
  },
);
