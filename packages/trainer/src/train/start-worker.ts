// Starting a worker script that sits next to the calling module: the built .js, or — when the caller
// runs from its TypeScript source (tests, the benchmark) — the .ts through tsx's loader, registered
// inside the worker, with the `source` export condition so workspace packages resolve to their
// sources as they do in the caller (there is no build to fall back on).
import { Worker } from 'node:worker_threads';

/** Starts `<name>.js` (or `<name>.ts` from source) from the directory of `callerUrl` (import.meta.url). */
export function startWorker(callerUrl: string, name: string, workerData: unknown): Worker {
  if (!callerUrl.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, callerUrl), { workerData });
  const script = new URL(`./${name}.ts`, callerUrl).href;
  const code = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(script)}); });`;
  const execArgv = process.execArgv.includes('--conditions=source')
    ? process.execArgv
    : [...process.execArgv, '--conditions=source'];
  return new Worker(code, { eval: true, workerData, execArgv });
}
