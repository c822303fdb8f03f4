// Test data of every package, without Vitest (benches and scripts import this too):
//  - our own fixtures, packages/mtp/fixtures/ (protocols of every version, see the README there);
//  - the official MTP reference files (JSON Schemas, example files), read from MTP_REFERENCE_DIR — default
//    ../shared/mtp beside the checkout, which CI has — and never copied into the project. Tests on them are
//    conformance tests: without the folder they are skipped with one loud line, and under CI=true they fail.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseProtocolText } from '../../src/parse.js';
import type { Protocol } from '../../src/protocol.js';

/** packages/mtp/fixtures/ */
export const FIXTURES_DIR = fileURLToPath(new URL('../../fixtures/', import.meta.url));

export const fixturePath = (name: string) => path.join(FIXTURES_DIR, name);
export const fixtureText = (name: string) => readFileSync(fixturePath(name), 'utf8');
/** A fixture's JSON, a fresh copy each call. */
export const fixtureJson = <T = Record<string, unknown>>(name: string): T =>
  JSON.parse(fixtureText(name)) as T;

/** A fixture protocol, parsed (it must be valid). */
export function fixtureProtocol(name: string): Protocol {
  const parsed = parseProtocolText(fixtureText(name));
  if (!parsed.ok) throw new Error(`${name} does not parse: ${JSON.stringify(parsed.problems, null, 1)}`);
  return parsed.protocol;
}

const CHECKOUT = fileURLToPath(new URL('../../../../', import.meta.url));
/** The official reference folder: MTP_REFERENCE_DIR (relative to the checkout), default ../shared/mtp. */
export const MTP_REFERENCE_DIR = path.resolve(
  CHECKOUT,
  process.env.MTP_REFERENCE_DIR || path.join('..', 'shared', 'mtp'),
);
export const hasReference =
  existsSync(path.join(MTP_REFERENCE_DIR, 'schemas')) && existsSync(path.join(MTP_REFERENCE_DIR, 'examples'));

/** A reference file's text, e.g. `examples/bloom_2_0_1.json` or `schemas/v2/bloom_2_0_1.json`. */
export const referenceText = (relative: string) =>
  readFileSync(path.join(MTP_REFERENCE_DIR, relative), 'utf8');
export const referenceJson = <T = Record<string, unknown>>(relative: string): T =>
  JSON.parse(referenceText(relative)) as T;

export const MISSING_REFERENCE = `MTP_REFERENCE_DIR ${MTP_REFERENCE_DIR} is missing`;

/**
 * Whether the reference is missing, for code that needs it (`what` names that code). Missing: under CI=true,
 * where it must be there, this throws; elsewhere it says so once, loudly, and answers true (skip).
 */
export function referenceMissing(what: string): boolean {
  if (hasReference) return false;
  if (process.env.CI === 'true')
    throw new Error(`${MISSING_REFERENCE} (CI must have the official reference; needed by ${what})`);
  announceOnce(
    `\n!!! SKIPPED: conformance tests and benches on the official MTP reference files — ${MISSING_REFERENCE} ` +
      '(set MTP_REFERENCE_DIR to the reference folder; everything else runs on our own fixtures)\n',
  );
  return true;
}

let announced = false;
/**
 * Prints `message` once per process — and once per Vitest run: its test files run in worker processes (or
 * threads) of one main process, and the first to create a marker file named after that process prints.
 */
function announceOnce(message: string): void {
  if (announced) return;
  announced = true;
  const pid = process.env.VITEST && process.send ? process.ppid : process.pid;
  let started = '';
  try {
    // Field 22 of /proc/<pid>/stat (start time): a later process with the same id is another run.
    started = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19] ?? '';
  } catch {
    // Not Linux: the process id alone.
  }
  try {
    writeFileSync(path.join(tmpdir(), `greenhouse-mtp-reference-missing-${pid}-${started}`), '', {
      flag: 'wx',
    });
  } catch {
    return; // another test file of this run said it
  }
  console.warn(message);
}
