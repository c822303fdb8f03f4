// Builds what is not yet built: the TypeScript packages and server (tsc -b, incremental),
// then Flora's downloads and the web app when their sources are newer than their last build. `--force`
// rebuilds both.
import { execFileSync } from 'node:child_process';
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
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleFlora, floraBundle } from './bundle-flora.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const force = process.argv.includes('--force');
const quiet = process.argv.includes('--quiet');
const say = (line) => quiet || process.stdout.write(`${line}\n`);
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function run(label, command, args, cwd = root, stdout = 'inherit') {
  const started = Date.now();
  say(`build: ${label}…`);
  execFileSync(command, args, { cwd, stdio: ['ignore', stdout, 'inherit'] });
  say(`build: ${label} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
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

if (!existsSync(bin('tsc'))) {
  process.stderr.write('Dependencies are missing: run `npm install` first.\n');
  process.exit(1);
}

run('packages and server (tsc -b)', bin('tsc'), ['-b']);
if (await bundleFlora({ force })) say('build: flora bundles (dist/flora.js, dist/flora-cli.js) written');

// Flora's downloads, served by the server at /downloads/flora/ (apps/server/src/features/flora): the Node
// package with its CLI as an npm tarball, and the engine as one browser ES module.
const flora = path.join(root, 'packages/flora');
const pkg = JSON.parse(readFileSync(path.join(flora, 'package.json'), 'utf8'));
const downloads = path.join(root, 'apps/server/dist/downloads');
const tgz = path.join(downloads, `flora-${pkg.version}.tgz`);
const js = path.join(downloads, `flora-${pkg.version}.js`);
const floraChangedAt = Math.max(newestMtime(flora), newestMtime(path.join(flora, 'dist')));
const floraBuiltAt = Math.min(newestMtime(tgz), newestMtime(js));
if (force || floraBuiltAt === 0 || floraChangedAt > floraBuiltAt) {
  mkdirSync(downloads, { recursive: true });
  // Older versions go: the server lists the newest of each kind, and a stale file would only take space.
  for (const entry of readdirSync(downloads)) {
    if (/^flora-.*\.(tgz|js)$/.test(entry)) rmSync(path.join(downloads, entry));
  }
  // Packed next to its destination (same file system, so the rename cannot fail across devices).
  const packDir = mkdtempSync(path.join(downloads, '.pack-'));
  try {
    // tsc -b has just built dist; the package's own lifecycle scripts are not needed for a pack.
    run(
      'flora: npm pack',
      'npm',
      ['pack', '--silent', '--ignore-scripts', '--pack-destination', packDir],
      flora,
      'ignore',
    );
    const packed = readdirSync(packDir).find((f) => f.endsWith('.tgz'));
    if (!packed) throw new Error('npm pack of packages/flora wrote no .tgz');
    renameSync(path.join(packDir, packed), tgz);
  } finally {
    rmSync(packDir, { recursive: true, force: true });
  }
  // The browser module is the engine's bundle itself (no `node:` imports): the same code as in Node.
  copyFileSync(floraBundle, js);
  say(`build: flora: browser module ${path.relative(root, js)}`);
} else {
  say('build: flora downloads are up to date');
}

const web = path.join(root, 'apps/web');
const builtAt = newestMtime(path.join(web, 'dist/index.html'));
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contracts/src',
  'packages/mtp/src',
  'packages/flora/src',
];
const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (force || builtAt === 0 || changedAt > builtAt) {
  run('web app (vite build)', bin('vite'), ['build', '--logLevel', 'warn'], web);
} else {
  say('build: web app is up to date');
}
