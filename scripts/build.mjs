// Builds what is not yet built: the TypeScript packages and server (tsc -b, incremental),
// then the web app when its sources are newer than its last build. `--force` rebuilds the web app.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const force = process.argv.includes('--force');
const quiet = process.argv.includes('--quiet');
const say = (line) => quiet || process.stdout.write(`${line}\n`);
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function run(label, command, args, cwd = root) {
  const started = Date.now();
  say(`build: ${label}…`);
  execFileSync(command, args, { cwd, stdio: 'inherit' });
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

const web = path.join(root, 'apps/web');
const builtAt = newestMtime(path.join(web, 'dist/index.html'));
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contracts/src',
];
const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (force || builtAt === 0 || changedAt > builtAt) {
  run('web app (vite build)', bin('vite'), ['build', '--logLevel', 'warn'], web);
} else {
  say('build: web app is up to date');
}
