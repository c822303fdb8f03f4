import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentBuildOf, withoutSourceCondition } from './start-worker.js';

let root: string;
const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));

/** A file written with the given modification time. */
function file(relative: string, seconds: number, text = '') {
  const full = path.join(root, relative);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
  utimesSync(full, at(seconds), at(seconds));
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'gh-start-worker-'));
  // trainer references model; each has a source and its build, written after it.
  file('trainer/tsconfig.json', 0, JSON.stringify({ references: [{ path: '../model' }] }));
  file('model/tsconfig.json', 0, '{}');
  file('trainer/src/run/worker.ts', 10);
  file('trainer/src/run/worker.test.ts', 99);
  file('trainer/dist/run/worker.js', 20);
  file('model/src/gpt.ts', 10);
  file('model/dist/gpt.js', 20);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('currentBuildOf: a worker from source starts from the build only while the build is current', () => {
  const source = () => path.join(root, 'trainer/src/run/worker.ts');

  it('answers the built twin when every source of the package and its references is older than its build', () => {
    expect(currentBuildOf(source())).toBe(path.join(root, 'trainer/dist/run/worker.js'));
  });

  it('answers null when a source of the package was edited after the build (tests aside)', () => {
    file('trainer/src/run/worker.ts', 30);
    expect(currentBuildOf(source())).toBeNull();
  });

  it('answers null when a referenced package was edited after its build, or has a source never built', () => {
    file('model/src/gpt.ts', 30);
    expect(currentBuildOf(source())).toBeNull();
    file('model/src/gpt.ts', 10);
    expect(currentBuildOf(source())).not.toBeNull();
    file('model/src/new-layer.ts', 5);
    expect(currentBuildOf(source())).toBeNull();
  });
});

describe('withoutSourceCondition: a worker started from the build resolves the packages to their builds', () => {
  it('drops the source condition in each of its spellings, and keeps every other argument', () => {
    expect(
      withoutSourceCondition([
        '--conditions',
        'source',
        '--conditions=source',
        '-C',
        'source',
        '-C=source',
        '--conditions',
        'production',
        '--require',
        'x.cjs',
      ]),
    ).toEqual(['--conditions', 'production', '--require', 'x.cjs']);
  });
});
