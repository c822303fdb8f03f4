// Flora as users get it: one ES module for the engine (dist/flora.js, no `node:` imports: Node and browsers)
// and one for the CLI (dist/flora-cli.js, Node), bundled by esbuild from the modules in dist (scripts/build.mjs
// writes them with esbuild; `tsc -b` writes the same).
// One file instead of fourteen: Node's module loader allocates per module; an agent's process measured
// 0.25 (1M) and 0.43 MB (5M) less resident memory with the bundle (packages/flora/README.md, "Measured").
// dist/flora.js is also the browser module the server offers (scripts/build.mjs copies it).
// Rebuilds only when dist's modules are newer than the bundles (or with force). Called by scripts/build.mjs
// and the Flora bench, once dist holds the modules.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const flora = path.join(root, 'packages/flora');
const dist = path.join(flora, 'dist');
// Bundled in too: the agent file's format, which the engine imports (a devDependency, resolved by esbuild
// through node_modules to its built modules: the `default` export condition, packages/agent-format/dist).
const formatDist = path.join(root, 'packages/agent-format/dist');

const FLORA_BUNDLES = [
  { entry: 'index.js', outfile: 'flora.js', platform: 'neutral' },
  { entry: 'cli.js', outfile: 'flora-cli.js', platform: 'node' },
];
const bundleNames = new Set(FLORA_BUNDLES.map((b) => b.outfile));
/** The engine's bundle: what `import … from '@greenhouse/flora'` loads, and the browser module. */
export const floraBundle = path.join(dist, 'flora.js');

/** Newest modification time of the modules in dir (not the bundles, maps or declarations). */
function newestModule(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestModule(at));
    else if (entry.name.endsWith('.js') && !bundleNames.has(entry.name))
      newest = Math.max(newest, statSync(at).mtimeMs);
  }
  return newest;
}

/** Writes the bundles when they are missing or older than dist's modules; returns whether it wrote them. */
export async function bundleFlora({ force = false } = {}) {
  if (!existsSync(path.join(dist, 'index.js')))
    throw new Error('packages/flora/dist is not built: run node scripts/build.mjs first');
  const modules = Math.max(newestModule(dist), existsSync(formatDist) ? newestModule(formatDist) : 0);
  const stale = FLORA_BUNDLES.some(({ outfile }) => {
    const at = path.join(dist, outfile);
    return !existsSync(at) || statSync(at).mtimeMs < modules;
  });
  if (!force && !stale) return false;
  const { build } = await import('esbuild'); // here: build.mjs first checks that dependencies are installed
  const { version } = JSON.parse(readFileSync(path.join(flora, 'package.json'), 'utf8'));
  for (const { entry, outfile, platform } of FLORA_BUNDLES)
    await build({
      entryPoints: [path.join(dist, entry)],
      outfile: path.join(dist, outfile),
      bundle: true,
      format: 'esm',
      platform,
      target: 'es2022',
      // Whitespace and comments out (the source's comments are not ASCII, which would make Node keep the
      // module's text as a two-byte string); names kept, so that stack traces stay readable.
      minifyWhitespace: true,
      minifySyntax: true,
      legalComments: 'none',
      logLevel: 'warning',
      banner: { js: `/* Flora ${version}, the Greenhouse inference engine. */` },
    });
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await bundleFlora({ force: process.argv.includes('--force') });
}
