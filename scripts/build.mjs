// Builds what is not yet built, one progress line per step:
//   1. packages and server: each TypeScript module esbuild-compiled to dist/ (only those whose source is newer);
//   2. Flora's bundles (scripts/bundle-flora.mjs);
//   3. side by side: the web app (vite build, then its text files precompressed: .br and .gz beside each), Flora's
//      downloads (type declarations, npm pack, browser module) and Flora native's libraries (packages/flora-native:
//      one per target whose compiler is here), each when its sources are newer than its last build; then Flora for
//      Unity (packages/flora-unity: npm pack of the Unity package with those libraries in its Plugins folder).
// `--force` rebuilds everything; `--quiet` prints nothing but errors.
//
// Why esbuild and not `tsc -b` (issue 17): the server only needs JavaScript, and esbuild writes it for the whole
// repository in well under a second where `tsc -b` type-checked for 8 s on a quiet machine and 52 s on a busy one,
// all before the first page answered. Our sources compile file by file (isolatedModules, verbatimModuleSyntax), so
// esbuild's output is tsc's. Type checking is `npm run typecheck` (and CI); it also writes dist, with the same
// modules, and either build may follow the other.
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const force = process.argv.includes('--force');
const quiet = process.argv.includes('--quiet');
const say = (line) => quiet || process.stdout.write(`build: ${line}\n`);
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const started = Date.now();

/** Runs a command; resolves with its exit code (rejects when `check` and it fails). */
function run(command, args, { cwd = root, stdout = 'inherit', check = true } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', stdout, 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (check && code !== 0)
        reject(new Error(`${path.basename(command)} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
      else resolve(code);
    });
  });
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

if (!existsSync(bin('tsc')) || !existsSync(bin('vite'))) {
  process.stderr.write('Dependencies are missing: run `npm install` first.\n');
  process.exit(1);
}

// 1. Packages and server. The projects are tsc's (tsconfig.json's references); like tsc, every src/**/*.ts but
// the tests, to dist/ beside a source map.
const projects = JSON.parse(readFileSync(path.join(root, 'tsconfig.json'), 'utf8')).references.map((r) =>
  path.join(root, r.path),
);

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(at);
    const isModule = entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts');
    return isModule && !entry.name.endsWith('.test.ts') ? [at] : [];
  });
}

{
  const since = Date.now();
  const { build } = await import('esbuild');
  const baseConfigAt = statSync(path.join(root, 'tsconfig.base.json')).mtimeMs;
  let compiled = 0;
  let total = 0;
  for (const project of projects) {
    const src = path.join(project, 'src');
    const dist = path.join(project, 'dist');
    const all = sources(src);
    total += all.length;
    // A changed compiler setting recompiles the project.
    const configAt = Math.max(baseConfigAt, statSync(path.join(project, 'tsconfig.json')).mtimeMs);
    const stale = all.filter((file) => {
      if (force) return true;
      const out = path.join(dist, path.relative(src, file)).replace(/\.ts$/, '.js');
      if (!existsSync(out)) return true;
      const builtAt = statSync(out).mtimeMs;
      return builtAt < statSync(file).mtimeMs || builtAt < configAt;
    });
    if (stale.length === 0) continue;
    await build({
      entryPoints: stale,
      outdir: dist,
      outbase: src,
      // esbuild reads target, useDefineForClassFields and verbatimModuleSyntax from the project's tsconfig.
      tsconfig: path.join(project, 'tsconfig.json'),
      format: 'esm',
      platform: 'node',
      target: 'es2022',
      sourcemap: true,
      logLevel: 'warning',
    });
    compiled += stale.length;
  }
  say(
    compiled === 0
      ? 'packages and server are up to date'
      : `packages and server: ${compiled} of ${total} modules compiled (esbuild) in ${seconds(since)}`,
  );
}

// 2. Flora's bundles, from the modules step 1 wrote.
{
  const since = Date.now();
  const { bundleFlora } = await import('./bundle-flora.mjs');
  say(
    (await bundleFlora({ force }))
      ? `flora bundles (dist/flora.js, dist/flora-cli.js) written in ${seconds(since)}`
      : 'flora bundles are up to date',
  );
}

// 3. The web app and Flora's downloads, side by side (two processes: one core each).
const steps = [];

const web = path.join(root, 'apps/web');
const webBuiltAt = newestMtime(path.join(web, 'dist/index.html'));
const webSources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contracts/src',
  'packages/mtp/src',
  'packages/agent-format/src',
  'packages/flora/src',
];
const webChangedAt = Math.max(...webSources.map((s) => newestMtime(path.join(root, s))));
if (force || webBuiltAt === 0 || webChangedAt > webBuiltAt) {
  steps.push({
    name: 'web app (vite build)',
    async run() {
      await run(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: web });
      precompress(path.join(web, 'dist'));
    },
  });
} else {
  say('web app is up to date');
}

/** Text files worth compressing; images, fonts and video are compressed formats already. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the built web app, at the highest levels
 * (done once per build, so the server sends them without compressing per request: @fastify/static's
 * `preCompressed`). Files that do not shrink by a tenth are left alone.
 */
function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const content = readFileSync(file);
    const variants = [
      ['.br', brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } })],
      ['.gz', gzipSync(content, { level: 9 })],
    ];
    for (const [extension, compressed] of variants) {
      if (compressed.length < content.length * 0.9) writeFileSync(file + extension, compressed);
    }
  }
}

// Flora's downloads, served by the server at /downloads/flora/ (apps/server/src/features/flora): the Node
// package with its CLI and type declarations as an npm tarball, and the engine as one browser ES module.
// The package has no runtime dependencies: the agent file's format (@greenhouse/agent-format, a devDependency)
// is bundled into the two bundles, and its declarations are copied into the tarball (`stageFloraPackage`).
const flora = path.join(root, 'packages/flora');
const agentFormat = path.join(root, 'packages/agent-format');
const { version } = JSON.parse(readFileSync(path.join(flora, 'package.json'), 'utf8'));
const downloads = path.join(root, 'apps/server/dist/downloads');
const tgz = path.join(downloads, `flora-${version}.tgz`);
const js = path.join(downloads, `flora-${version}.js`);
const floraChangedAt = Math.max(
  newestMtime(flora),
  newestMtime(path.join(flora, 'dist')),
  newestMtime(agentFormat),
  newestMtime(path.join(agentFormat, 'dist')),
);
const floraBuiltAt = Math.min(newestMtime(tgz), newestMtime(js));

/** The .d.ts files below dir (relative paths), but the tests'. */
function declarations(dir, under = '') {
  return readdirSync(path.join(dir, under), { withFileTypes: true }).flatMap((entry) => {
    const at = path.join(under, entry.name);
    if (entry.isDirectory()) return declarations(dir, at);
    return entry.name.endsWith('.d.ts') && !entry.name.includes('.test.') ? [at] : [];
  });
}

/**
 * Flora's package as npm packs it, in `stage`: package.json, README.md, the two bundles and the declarations,
 * with @greenhouse/agent-format's declarations in dist/agent-format/ and every import of the package in a
 * declaration made relative to them — so the tarball's types need nothing but themselves.
 */
function stageFloraPackage(stage) {
  const FORMAT = /(['"])@greenhouse\/agent-format\1/g;
  for (const file of ['package.json', 'README.md', 'dist/flora.js', 'dist/flora-cli.js']) {
    mkdirSync(path.dirname(path.join(stage, file)), { recursive: true });
    copyFileSync(path.join(flora, file), path.join(stage, file));
  }
  const copy = (fromDir, toDir, rewrite) => {
    for (const file of declarations(fromDir)) {
      const to = path.join(toDir, file);
      mkdirSync(path.dirname(to), { recursive: true });
      let text = readFileSync(path.join(fromDir, file), 'utf8').replace(/^\/\/# sourceMappingURL=.*$/m, '');
      if (rewrite) {
        const relative = path
          .relative(path.dirname(to), path.join(stage, 'dist/agent-format/index.js'))
          .split(path.sep)
          .join('/');
        const specifier = relative.startsWith('.') ? relative : `./${relative}`;
        text = text.replace(FORMAT, (_, quote) => `${quote}${specifier}${quote}`);
      }
      writeFileSync(to, text);
    }
  };
  copy(path.join(agentFormat, 'dist'), path.join(stage, 'dist/agent-format'), false);
  copy(path.join(flora, 'dist'), path.join(stage, 'dist'), true);
}

if (force || floraBuiltAt === 0 || floraChangedAt > floraBuiltAt) {
  steps.push({
    name: 'flora downloads (type declarations, npm pack)',
    async run() {
      // The tarball's .d.ts files: tsc only declares here (step 1 wrote the modules), the format's first
      // (Flora's declarations import its types). Type errors are `npm run typecheck`'s to report; tsc still
      // writes the declarations, so the start goes on.
      const codes = [];
      for (const project of [agentFormat, flora])
        codes.push(
          await run(bin('tsc'), ['-p', project, '--emitDeclarationOnly'], { stdout: 'ignore', check: false }),
        );
      if (codes.some((code) => code !== 0))
        say('flora: tsc found type errors (see `npm run typecheck`); declarations written anyway');
      mkdirSync(downloads, { recursive: true });
      // Older versions go: the server lists the newest of each kind, and a stale file would only take space.
      // (flora-<version>, not flora-unity-<version>.tgz, which is another step's.)
      for (const entry of readdirSync(downloads)) {
        if (/^flora-\d.*\.(tgz|js)$/.test(entry)) rmSync(path.join(downloads, entry));
      }
      // Packed next to its destination (same file system, so the rename cannot fail across devices), from a
      // staged copy of the package (see stageFloraPackage).
      const packDir = mkdtempSync(path.join(downloads, '.pack-'));
      try {
        const stage = path.join(packDir, 'flora');
        stageFloraPackage(stage);
        // The package's own lifecycle scripts are not needed for a pack.
        await run('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', packDir], {
          cwd: stage,
          stdout: 'ignore',
        });
        const packed = readdirSync(packDir).find((f) => f.endsWith('.tgz'));
        if (!packed) throw new Error('npm pack of packages/flora wrote no .tgz');
        renameSync(path.join(packDir, packed), tgz);
      } finally {
        rmSync(packDir, { recursive: true, force: true });
      }
      // The browser module is the engine's bundle itself (no `node:` imports): the same code as in Node.
      const { floraBundle } = await import('./bundle-flora.mjs');
      copyFileSync(floraBundle, js);
    },
  });
} else {
  say('flora downloads are up to date');
}

// Flora native (packages/flora-native/build.mjs), served beside Flora's downloads: a target whose compiler is
// missing is skipped with a line saying so, so a machine with only Node still starts.
// Each target's library in the downloads (for Flora for Unity, below), and why a target has none.
const nativeLibraries = {};
const nativeMissing = {};
const nativeSteps = [];
{
  const native = await import('../packages/flora-native/build.mjs');
  const nativeVersion = JSON.parse(
    readFileSync(path.join(root, 'packages/flora-native/package.json'), 'utf8'),
  ).version;
  const nativeChangedAt = Math.max(...native.nativeSources().map((s) => newestMtime(s)));
  for (const [target, { compiler, debianPackage, file }] of Object.entries(native.TARGETS)) {
    const name = `flora-native-${nativeVersion}-${target}.${file}`;
    const out = path.join(downloads, name);
    if (!force && newestMtime(out) > nativeChangedAt) {
      say(`flora native ${target} is up to date`);
      nativeLibraries[target] = out;
      continue;
    }
    if (!native.hasCompiler(target)) {
      say(
        `flora native ${target}: skipped — no ${compiler} here (Debian: apt-get install ${debianPackage}, then build again)`,
      );
      nativeMissing[target] = `not built: no ${compiler} on the server that built this package`;
      continue;
    }
    nativeLibraries[target] = out;
    nativeSteps.push({
      name: `flora native ${target} (${compiler})`,
      async run() {
        mkdirSync(downloads, { recursive: true });
        for (const entry of readdirSync(downloads))
          if (
            entry.startsWith('flora-native-') &&
            (entry.endsWith(`-${target}.${file}`) || entry.endsWith(`-${target}-fit`))
          )
            rmSync(path.join(downloads, entry));
        const work = mkdtempSync(path.join(downloads, '.native-'));
        try {
          // Built beside its destination, then renamed: a stopped build leaves no half-written library.
          await native.buildNative(target, path.join(work, name), work);
          // linux-x64: the device-fit measurer too (the server's export runs it: apps/server … device-fit.ts).
          if (target === 'linux-x64') {
            const fit = native.deviceFitBeside(name);
            await native.buildDeviceFit(path.join(work, fit));
            renameSync(path.join(work, fit), native.deviceFitBeside(out));
          }
          renameSync(path.join(work, name), out);
        } finally {
          rmSync(work, { recursive: true, force: true });
        }
      },
    });
  }
  steps.push(...nativeSteps);
}

// Flora for Unity (packages/flora-unity/build.mjs): the Unity package with the native libraries above in its Plugins
// folder, packed by npm (a Unity tarball is npm's layout), after those libraries' steps. Stale when its sources or
// a library are newer, or a library is built now; without any library (no gcc) there is nothing to offer.
{
  const unity = await import('../packages/flora-unity/build.mjs');
  const out = path.join(downloads, `flora-unity-${unity.unityVersion()}.tgz`);
  const builtAt = newestMtime(out);
  const librariesAt = Math.max(0, ...Object.values(nativeLibraries).map((l) => newestMtime(l)));
  if (Object.keys(nativeLibraries).length === 0) {
    say('flora unity: skipped — no native library to put in it (see flora native above)');
  } else if (
    !force &&
    builtAt > 0 &&
    nativeSteps.length === 0 &&
    builtAt > unity.unityChangedAt() &&
    builtAt > librariesAt
  ) {
    say('flora unity is up to date');
  } else {
    steps.push({
      name: 'flora unity (npm pack)',
      after: nativeSteps,
      async run() {
        for (const entry of readdirSync(downloads))
          if (/^flora-unity-.*\.tgz$/.test(entry)) rmSync(path.join(downloads, entry));
        const packDir = mkdtempSync(path.join(downloads, '.pack-'));
        try {
          const stage = path.join(packDir, 'package');
          unity.stageUnityPackage(stage, nativeLibraries, nativeMissing);
          await run('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', packDir], {
            cwd: stage,
            stdout: 'ignore',
          });
          const packed = readdirSync(packDir).find((f) => f.endsWith('.tgz'));
          if (!packed) throw new Error('npm pack of packages/flora-unity/package wrote no .tgz');
          renameSync(path.join(packDir, packed), out);
        } finally {
          rmSync(packDir, { recursive: true, force: true });
        }
      },
    });
  }
}

if (steps.length > 0) {
  say(`${steps.map((s) => s.name).join(' and ')}…`);
  // A step starts once the steps it comes `after` have ended (the steps before it in the list).
  const running = new Map();
  for (const step of steps)
    running.set(
      step,
      Promise.all((step.after ?? []).map((s) => running.get(s))).then(async () => {
        const since = Date.now();
        await step.run();
        say(`${step.name} done in ${seconds(since)}`);
      }),
    );
  const results = await Promise.allSettled(running.values());
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}
say(`ready in ${seconds(started)}`);
