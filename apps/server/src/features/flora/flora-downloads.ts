import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  floraDownloadKinds,
  floraNativeBuilds,
  type FloraDownload,
  type FloraDownloadKind,
  type FloraMissingBuild,
  type FloraNativeKind,
} from '@greenhouse/contracts';

// This file is at apps/server/{src,dist}/features/flora/: the build writes Flora's files to apps/server/dist/downloads
// (scripts/build.mjs), whichever of the two runs.
export const defaultFloraDownloadsDir = fileURLToPath(new URL('../../../dist/downloads', import.meta.url));

/** Where the files are served from; `url` below is this plus the file name. */
export const FLORA_DOWNLOADS_PATH = '/downloads/flora';

const VERSION = '(\\d+\\.\\d+\\.\\d+(?:-[0-9A-Za-z.-]+)?)';
/** flora-<version>.tgz (the Node package with the CLI) and flora-<version>.js (the browser module). */
const FILE_PATTERN = new RegExp(`^flora-${VERSION}\\.(tgz|js)$`);
/**
 * flora-native-<version>-linux-x64.so and flora-native-<version>-windows-x64.dll (packages/flora-native), and the
 * device-fit measurer beside the Linux one, flora-native-<version>-linux-x64-fit.
 */
const NATIVE_PATTERN = new RegExp(
  `^flora-native-${VERSION}-(linux-x64\\.so|windows-x64\\.dll|linux-x64-fit)$`,
);
/** flora-unity-<version>.tgz: Flora for Unity, the Unity package (packages/flora-unity). */
const UNITY_PATTERN = new RegExp(`^flora-unity-${VERSION}\\.tgz$`);

const kindOfEnding: Record<string, FloraDownloadKind> = {
  tgz: 'cli',
  js: 'browser',
  'linux-x64.so': 'native-linux-x64',
  'windows-x64.dll': 'native-windows-x64',
  'linux-x64-fit': 'native-linux-x64-fit',
};

export const contentTypes: Record<FloraDownloadKind, string> = {
  cli: 'application/gzip',
  browser: 'text/javascript; charset=utf-8',
  'native-linux-x64': 'application/octet-stream',
  'native-windows-x64': 'application/octet-stream',
  'native-linux-x64-fit': 'application/octet-stream',
  unity: 'application/gzip',
};

/** A download's kind and version, when the name is one of Flora's files (anything else is never served). */
export function parseFloraFile(file: string): { kind: FloraDownloadKind; version: string } | null {
  const unity = UNITY_PATTERN.exec(file);
  if (unity) return { kind: 'unity', version: unity[1]! };
  const match = FILE_PATTERN.exec(file) ?? NATIVE_PATTERN.exec(file);
  return match ? { kind: kindOfEnding[match[2]!]!, version: match[1]! } : null;
}

/** Compares versions x.y.z[-pre]: numerically, and a pre-release before its release. */
export function compareVersions(a: string, b: string): number {
  const [coreA = '', preA] = a.split(/-(.*)/s);
  const [coreB = '', preB] = b.split(/-(.*)/s);
  const numsA = coreA.split('.').map(Number);
  const numsB = coreB.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const diff = (numsA[i] ?? 0) - (numsB[i] ?? 0);
    if (diff !== 0) return diff;
  }
  if (preA === preB) return 0;
  if (preA === undefined) return 1;
  if (preB === undefined) return -1;
  return preA < preB ? -1 : 1;
}

/**
 * The newest build of each kind in `dir` (browser, cli, the native ones, then the Unity package), or none when the
 * directory is missing.
 */
export async function listFloraDownloads(dir: string): Promise<FloraDownload[]> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const newest = new Map<FloraDownloadKind, { file: string; version: string }>();
  for (const file of entries) {
    const parsed = parseFloraFile(file);
    if (!parsed) continue;
    const seen = newest.get(parsed.kind);
    if (!seen || compareVersions(parsed.version, seen.version) > 0)
      newest.set(parsed.kind, { file, version: parsed.version });
  }
  const downloads: FloraDownload[] = [];
  for (const kind of floraDownloadKinds) {
    const found = newest.get(kind);
    if (!found) continue;
    const info = await stat(path.join(dir, found.file)).catch(() => null);
    if (!info?.isFile()) continue;
    downloads.push({
      kind,
      file: found.file,
      version: found.version,
      bytes: info.size,
      url: `${FLORA_DOWNLOADS_PATH}/${encodeURIComponent(found.file)}`,
    });
  }
  return downloads;
}

/** The native builds missing from `downloads`, each with the compiler and Debian package that build it. */
export function missingNativeBuilds(downloads: readonly FloraDownload[]): FloraMissingBuild[] {
  return (Object.keys(floraNativeBuilds) as FloraNativeKind[])
    .filter((kind) => !downloads.some((d) => d.kind === kind))
    .map((kind) => ({ kind, ...floraNativeBuilds[kind] }));
}

/** For the start banner: which native libraries the downloads folder has, and which it lacks. */
export async function nativeBuilds(dir: string): Promise<{ built: string[]; missing: FloraMissingBuild[] }> {
  const downloads = await listFloraDownloads(dir);
  return {
    built: downloads.filter((d) => d.kind in floraNativeBuilds).map((d) => d.kind),
    missing: missingNativeBuilds(downloads),
  };
}
