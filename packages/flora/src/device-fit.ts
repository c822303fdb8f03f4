// Device fit (Node only, used by the CLI's `info`; the engine stays free of `node:`): what an agent costs on this
// machine, one thread — its file size and parameters, and with Flora-JS and Flora native the tokens/s and time to
// the first token of a standard request (`standardRequest`, also `flora bench`'s) and the resident memory of a
// process that loaded it and answered, over the same kind of process that loaded nothing. Child processes only:
// the caller's own memory and event loop are left alone. The server's export stores the same figures
// (apps/server/src/features/pipeline/device-fit.ts runs `flora info --json`); contracts' `deviceFitSchema` is
// their shape in the API.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { exportUnreal } from './export-unreal.js';
import type { Agent, RunRequest } from './index.js';

const run = promisify(execFile);

/** One engine's figures for the standard request. */
export interface DeviceFigures {
  /** Peak resident memory of a process that loaded the agent and answered, over a bare process of its kind. */
  memoryBytes: number;
  /** Answer tokens per second over the whole run, prompt included (the engines' `tokensPerSecond`). */
  tokensPerSecond: number;
  firstTokenMs: number;
}

export interface DeviceFit {
  fileBytes: number;
  parameters: number;
  js: DeviceFigures;
  /** null when Flora native was not measured: `nativeMissingReason` says why. */
  native: DeviceFigures | null;
  nativeMissingReason?: string;
}

/** Child processes per engine, and answers per child after a warm-up; the medians are reported. */
export const DEVICE_FIT_CHILDREN = 3;
export const DEVICE_FIT_RUNS = 5;
/** A child that takes longer is stopped (the figures are for small agents: seconds at most). */
const CHILD_TIMEOUT_MS = 60_000;

/** The request `flora bench` and device fit measure: the first instruction, a fixed sentence, each slot's minimum. */
export function standardRequest(agent: Agent): RunRequest | null {
  const ins = agent.instructions[0];
  if (!ins) return null;
  return {
    instruction: ins.name,
    inputs: ins.inputs.map((line) => ({
      text: 'The quick brown fox jumps over the lazy dog, said the White Rabbit.',
      numbers: line.numberSlots.flatMap((s) => Array.from({ length: s.length ?? 1 }, () => s.min)),
    })),
  };
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Reads a measuring child's JSON line: an object whose `fields` are finite numbers ≥ 0 (anything else is a clear
 * error naming what was wrong, never a crash).
 */
export function parseFigures<K extends string>(stdout: string, fields: readonly K[]): Record<K, number> {
  const line = stdout.trim().split('\n').at(-1) ?? '';
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new Error(`the measurer printed no JSON (${JSON.stringify(line.slice(0, 80))})`);
  }
  if (typeof value !== 'object' || value === null) throw new Error('the measurer printed no JSON object');
  const figures = {} as Record<K, number>;
  for (const field of fields) {
    const n = (value as Record<string, unknown>)[field];
    if (typeof n !== 'number' || !Number.isFinite(n) || n < 0)
      throw new Error(`the measurer's ${field} is not a number ≥ 0 (${JSON.stringify(n)})`);
    figures[field] = n;
  }
  return figures;
}

// The Flora-JS child: node importing the engine (the bundle users import, or the sources under tsx), loading the
// agent and answering; its peak resident memory (maxRSS, in KB) comes with the medians.
const JS_CHILD = `
import { readFileSync } from 'node:fs';
const [engine, file, request, runs] = process.argv.slice(1);
const { loadAgent } = await import(engine);
const agent = await loadAgent(readFileSync(file));
const r = JSON.parse(request);
agent.run(r);
const results = Array.from({ length: Number(runs) }, () => agent.run(r));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(JSON.stringify({
  tokensPerSecond: median(results.map((x) => x.tokensPerSecond)),
  firstTokenMs: median(results.map((x) => x.timeToFirstTokenMs)),
  peakRss: process.resourceUsage().maxRSS * 1024,
}));`;
const BARE_CHILD = `console.log(JSON.stringify({ peakRss: process.resourceUsage().maxRSS * 1024 }));`;

/** The engine's module beside this one: the bundle (dist/flora.js) or, run from the sources, index.ts. */
function engineModule(): string {
  const here = fileURLToPath(import.meta.url);
  return path.join(path.dirname(here), here.endsWith('.ts') ? 'index.ts' : 'flora.js');
}

async function nodeChild(script: string, args: string[]): Promise<string> {
  // The same Node flags as this process (under tsx in the repository, none from the bundle), so the bare child
  // is the same kind of process as the measuring one.
  const { stdout } = await run(
    process.execPath,
    [...process.execArgv, '--input-type=module', '-e', script, ...args],
    { timeout: CHILD_TIMEOUT_MS },
  );
  return stdout;
}

async function measureJs(file: string, request: RunRequest): Promise<DeviceFigures> {
  const bare: number[] = [];
  const loaded: { tokensPerSecond: number; firstTokenMs: number; peakRss: number }[] = [];
  for (let k = 0; k < DEVICE_FIT_CHILDREN; k++) {
    bare.push(parseFigures(await nodeChild(BARE_CHILD, []), ['peakRss']).peakRss);
    const out = await nodeChild(JS_CHILD, [
      pathToFileURL(engineModule()).href,
      file,
      JSON.stringify(request),
      String(DEVICE_FIT_RUNS),
    ]);
    loaded.push(parseFigures(out, ['tokensPerSecond', 'firstTokenMs', 'peakRss']));
  }
  return {
    // Two noisy medians: on a tiny agent their difference could come out below 0, which no agent costs.
    memoryBytes: Math.max(0, median(loaded.map((l) => l.peakRss)) - median(bare)),
    tokensPerSecond: median(loaded.map((l) => l.tokensPerSecond)),
    firstTokenMs: median(loaded.map((l) => l.firstTokenMs)),
  };
}

/**
 * Where a linux-x64 library's device-fit measurer is: its name with `-fit` for `.so` — as Flora native's build
 * writes it beside the library (packages/flora-native/build.mjs, `deviceFitBeside`).
 */
export const deviceFitBeside = (library: string) => `${library.replace(/\.so$/, '')}-fit`;

/** Flora native through its measurer (packages/flora-native/measure/device-fit.c), or why it could not be. */
async function measureNative(
  bytes: Uint8Array,
  agent: Agent,
  request: RunRequest,
  library: string,
): Promise<DeviceFigures> {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error('Flora native is measured on Linux x64 only');
  if (!existsSync(library)) throw new Error(`no Flora native library at ${library}`);
  const measurer = deviceFitBeside(library);
  if (!existsSync(measurer))
    throw new Error(
      `no device-fit measurer beside the library (${measurer}: built with it by scripts/build.mjs, and offered beside it on a Greenhouse server's /flora)`,
    );
  const dir = await mkdtemp(path.join(tmpdir(), 'flora-device-fit-'));
  try {
    const folder = await exportUnreal(bytes);
    for (const [name, content] of folder.files) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), content);
    }
    // The prompt as the plugin renders it: Flora-JS's without its last line break (the library adds it).
    const promptFile = path.join(dir, 'prompt.txt');
    await writeFile(promptFile, agent.prompt(request).replace(/\n$/, ''));
    const runs: DeviceFigures[] = [];
    for (let k = 0; k < DEVICE_FIT_CHILDREN; k++) {
      const { stdout } = await run(
        measurer,
        [library, path.join(dir, folder.name), promptFile, String(DEVICE_FIT_RUNS)],
        { timeout: CHILD_TIMEOUT_MS },
      ).catch((e: { stderr?: string; message: string }) => {
        throw new Error(e.stderr?.trim() || e.message);
      });
      runs.push(parseFigures(stdout, ['memoryBytes', 'tokensPerSecond', 'firstTokenMs']));
    }
    return {
      memoryBytes: median(runs.map((r) => r.memoryBytes)),
      tokensPerSecond: median(runs.map((r) => r.tokensPerSecond)),
      firstTokenMs: median(runs.map((r) => r.firstTokenMs)),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Measures the agent in `file` (already loaded as `agent`, from `bytes`) with Flora-JS and, given a library's path,
 * Flora native. A failure of Flora native gives `native: null` and its reason; Flora-JS's failure throws.
 */
export async function measureDeviceFit(
  file: string,
  bytes: Uint8Array,
  agent: Agent,
  nativeLibrary: string | undefined,
): Promise<DeviceFit> {
  const request = standardRequest(agent);
  if (!request) throw new Error('the agent has no instructions to measure');
  const base = { fileBytes: agent.info.bytes, parameters: agent.info.parameters };
  const js = await measureJs(file, request);
  if (!nativeLibrary)
    return { ...base, js, native: null, nativeMissingReason: 'not asked for (--native <library>)' };
  try {
    return { ...base, js, native: await measureNative(bytes, agent, request, nativeLibrary) };
  } catch (e) {
    return { ...base, js, native: null, nativeMissingReason: (e as Error).message };
  }
}
