// Starting a worker script that sits next to the calling module: the built .js, or — when the caller
// runs from its TypeScript source (tests, the benchmark) — the .ts through tsx's loader, registered
// inside the worker, with the `source` export condition so workspace packages resolve to their
// sources as they do in the caller.
//
// From source, the build is still used when it is current: when every source file of this package and of the
// packages it references (tsconfig references, transitively) is older than its built twin. A thread that
// starts from the build is ready about a second sooner than one that compiles the sources through tsx, and the
// test suite starts hundreds of them (a stage per thread, a slice per thread); `npm test` builds first
// (scripts/build.mjs). A source edited since the build makes the thread compile the sources again.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** Starts `<name>.js` (or `<name>.ts` from source) from the directory of `callerUrl` (import.meta.url). */
export function startWorker(callerUrl: string, name: string, workerData: unknown): Worker {
  if (!callerUrl.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, callerUrl), { workerData });
  const script = fileURLToPath(new URL(`./${name}.ts`, callerUrl));
  const built = currentBuildOf(script);
  if (built) return new Worker(pathToFileURL(built), { workerData, execArgv: withoutSourceCondition() });
  const code = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(pathToFileURL(script).href)}); });`;
  const execArgv = process.execArgv.includes('--conditions=source')
    ? process.execArgv
    : [...process.execArgv, '--conditions=source'];
  return new Worker(code, { eval: true, workerData, execArgv });
}

/** The built twin (dist/…/x.js) of a package's src/…/x.ts, when its build and its references' are current. */
export function currentBuildOf(sourceFile: string): string | null {
  const packageDir = packageOf(sourceFile);
  if (!packageDir) return null;
  const built = path.join(packageDir, 'dist', path.relative(path.join(packageDir, 'src'), sourceFile));
  const twin = built.replace(/\.ts$/, '.js');
  return packageAndReferences(packageDir).every(isBuildCurrent) ? twin : null;
}

/** The package folder (with src/ and tsconfig.json) holding a source file. */
function packageOf(file: string): string | null {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir))
    if (path.basename(dir) === 'src') return path.dirname(dir);
  return null;
}

function packageAndReferences(packageDir: string, seen = new Set<string>()): string[] {
  if (seen.has(packageDir)) return [];
  seen.add(packageDir);
  let references: { path: string }[];
  try {
    const tsconfig = JSON.parse(readFileSync(path.join(packageDir, 'tsconfig.json'), 'utf8')) as {
      references?: { path: string }[];
    };
    references = tsconfig.references ?? [];
  } catch {
    return [packageDir];
  }
  return [
    packageDir,
    ...references.flatMap((r) => packageAndReferences(path.resolve(packageDir, r.path), seen)),
  ];
}

/** Every src/**\/*.ts (tests aside) has a dist/**\/*.js written after it: the rule scripts/build.mjs builds by. */
function isBuildCurrent(packageDir: string): boolean {
  const src = path.join(packageDir, 'src');
  const dist = path.join(packageDir, 'dist');
  const walk = (dir: string): boolean =>
    readdirSync(dir, { withFileTypes: true }).every((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(full);
      if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts') || entry.name.endsWith('.d.ts'))
        return true;
      const out = path.join(dist, path.relative(src, full)).replace(/\.ts$/, '.js');
      try {
        return statSync(out).mtimeMs >= statSync(full).mtimeMs;
      } catch {
        return false;
      }
    });
  try {
    return walk(src);
  } catch {
    return false;
  }
}

/** The build's imports resolve to the packages' builds (their default export condition), not their sources. */
export function withoutSourceCondition(execArgv: string[] = process.execArgv): string[] {
  const out: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i]!;
    if (/^(--conditions|-C)=source$/.test(arg)) continue;
    // The same as two arguments (as vitest passes it to its workers).
    if ((arg === '--conditions' || arg === '-C') && execArgv[i + 1] === 'source') {
      i += 1;
      continue;
    }
    out.push(arg);
  }
  return out;
}
