// Stages Flora for Unity (package/, the Unity package) with Flora native's libraries in its Plugins folder, for
// scripts/build.mjs to pack as flora-unity-<version>.tgz and for the test to compile and run as shipped.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const unityRoot = path.dirname(fileURLToPath(import.meta.url));
export const unityPackage = path.join(unityRoot, 'package');

/** Where each of Flora native's targets goes in the package: the names `[DllImport("flora")]` finds. */
export const PLUGINS = {
  'linux-x64': { file: 'Plugins/Linux/x86_64/libflora.so', label: 'Linux x64 (the editor and players)' },
  'windows-x64': { file: 'Plugins/Windows/x86_64/flora.dll', label: 'Windows x64 (the editor and players)' },
};

const PLUGINS_MARK = /^<!-- plugins:.*-->$/m;

/** The Unity package's version (its package.json): the tarball's. */
export function unityVersion() {
  return JSON.parse(readFileSync(path.join(unityPackage, 'package.json'), 'utf8')).version;
}

/** Every file of package/ (relative paths, `/`-separated). */
function files(under = '') {
  return readdirSync(path.join(unityPackage, under), { withFileTypes: true }).flatMap((entry) => {
    const at = under ? `${under}/${entry.name}` : entry.name;
    return entry.isDirectory() ? files(at) : [at];
  });
}

/** The newest modification time of the package's sources and of this script (a build is stale when it is newer). */
export function unityChangedAt() {
  return Math.max(
    statSync(fileURLToPath(import.meta.url)).mtimeMs,
    ...files().map((f) => statSync(path.join(unityPackage, f)).mtimeMs),
  );
}

/**
 * Writes the package to `stage`: package/ as it is, but Plugins/ holds only the libraries given (`libraries`: a
 * target's built file, or undefined where its compiler is missing) with their .meta files and their folders' — a
 * .meta without its asset would only make Unity warn — and the README lists the plugins it holds (`missing`: why
 * one is left out, by target).
 */
export function stageUnityPackage(stage, libraries, missing = {}) {
  const held = Object.entries(PLUGINS).filter(([target]) => libraries[target]);
  const wanted = new Set(
    held.flatMap(([, { file }]) => {
      const parts = file.split('/');
      return [`${file}.meta`, ...parts.slice(0, -1).map((_, k) => `${parts.slice(0, k + 1).join('/')}.meta`)];
    }),
  );
  for (const file of files()) {
    if (file.startsWith('Plugins') && !wanted.has(file)) continue;
    mkdirSync(path.dirname(path.join(stage, file)), { recursive: true });
    copyFileSync(path.join(unityPackage, file), path.join(stage, file));
  }
  for (const [target, { file }] of held) copyFileSync(libraries[target], path.join(stage, file));
  const list = Object.entries(PLUGINS)
    .map(([target, { file, label }]) =>
      libraries[target]
        ? `- \`${file}\`: ${label}`
        : `- not in this package: ${label}${missing[target] ? ` — ${missing[target]}` : ''}`,
    )
    .join('\n');
  const readme = path.join(stage, 'README.md');
  writeFileSync(readme, readFileSync(readme, 'utf8').replace(PLUGINS_MARK, list));
}
