// Test access to the shared MTP reference data (never copied into the project) and our own fixtures.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** /work/main/packages/mtp/test/support → /work/shared/mtp: the checkout's sibling `../shared/mtp`. */
export const SHARED_MTP = path.resolve(here, '../../../../../shared/mtp');
const FIXTURES = path.resolve(here, '../fixtures');

export function readShared(relative: string): string {
  return readFileSync(path.join(SHARED_MTP, relative), 'utf8');
}

export function sharedJson<T = Record<string, unknown>>(relative: string): T {
  return JSON.parse(readShared(relative)) as T;
}

export function fixtureJson<T = Record<string, unknown>>(name: string): T {
  return JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8')) as T;
}

/** The two official example protocols, fresh copies. */
export const v1Example = () => sharedJson('examples/bloom_1_2_0.json');
export const v2Example = () => sharedJson('examples/bloom_2_0_1.json');
