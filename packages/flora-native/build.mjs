// Builds Flora native (src/*.c, C11, libc and libm only) for a target with the compiler found on PATH:
//   linux-x64    gcc                      → a shared library (.so)
//   windows-x64  x86_64-w64-mingw32-gcc   → a DLL (Debian's mingw-w64), libgcc linked in
// The tokenizer's Unicode tables are generated first (scripts/unicode-tables.mjs). Used by scripts/build.mjs,
// the test and the bench. Beside the linux-x64 library, scripts/build.mjs builds the device-fit measurer
// (measure/device-fit.c, `buildDeviceFit`), which `flora info --native` runs.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeUnicodeTables } from './scripts/unicode-tables.mjs';

export const nativeRoot = path.dirname(fileURLToPath(import.meta.url));
const src = path.join(nativeRoot, 'src');
const deviceFitSource = path.join(nativeRoot, 'measure/device-fit.c');

export const TARGETS = {
  'linux-x64': {
    compiler: 'gcc',
    debianPackage: 'gcc',
    file: 'so',
    flags: ['-fPIC', '-fvisibility=hidden', '-s'],
    libs: ['-lm'],
  },
  'windows-x64': {
    compiler: 'x86_64-w64-mingw32-gcc',
    debianPackage: 'gcc-mingw-w64-x86-64',
    file: 'dll',
    flags: ['-static-libgcc', '-s'],
    libs: ['-lm'],
  },
};

/** Whether the target's compiler runs here. */
export function hasCompiler(target) {
  const result = spawnSync(TARGETS[target].compiler, ['--version'], { stdio: 'ignore' });
  return result.status === 0;
}

/** The sources the library is built from (a build is stale when one is newer). */
export function nativeSources() {
  return [
    ...readdirSync(src)
      .filter((f) => f.endsWith('.c') || f.endsWith('.h'))
      .map((f) => path.join(src, f)),
    path.join(nativeRoot, 'include/flora.h'),
    path.join(nativeRoot, 'scripts/unicode-tables.mjs'),
    deviceFitSource,
  ];
}

/**
 * The device-fit measurer's file beside a linux-x64 library: its name with `-fit` for `.so`
 * (flora-native-<version>-linux-x64.so → flora-native-<version>-linux-x64-fit), where `flora info --native` looks.
 */
export function deviceFitBeside(library) {
  return library.replace(/\.so$/, '') + '-fit';
}

/** Compiles the device-fit measurer (a program that loads a Flora native library by path) into `out`. */
export async function buildDeviceFit(out) {
  mkdirSync(path.dirname(out), { recursive: true });
  await compile('gcc', ['-std=c11', '-O2', '-Wall', '-Wextra', '-s', '-o', out, deviceFitSource, '-ldl']);
}

function compile(compiler, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(compiler, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${compiler} failed (exit ${code})`)),
    );
  });
}

/** Compiles the library for `target` into `out`, with its generated header in `workDir`. */
export async function buildNative(target, out, workDir) {
  const { compiler, flags, libs } = TARGETS[target];
  mkdirSync(workDir, { recursive: true });
  mkdirSync(path.dirname(out), { recursive: true });
  writeUnicodeTables(path.join(workDir, 'unicode-tables.h'));
  const sources = readdirSync(src)
    .filter((f) => f.endsWith('.c'))
    .map((f) => path.join(src, f));
  // -ffp-contract=off: no product fused into an add, so every float operation rounds as Flora-JS's do.
  const args = [
    '-std=c11',
    '-O2',
    '-ffp-contract=off',
    '-Wall',
    '-Wextra',
    '-shared',
    `-I${workDir}`,
    ...flags,
  ];
  await compile(compiler, [...args, '-o', out, ...sources, ...libs]);
}
