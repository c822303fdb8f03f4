// The quality bench's protocols and their held-out inputs.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { MTP_REFERENCE_DIR } from '@greenhouse/mtp/testing/files';
import type { Language } from './peers.js';

const FIXTURES = new URL('../../fixtures/', import.meta.url);

export interface BenchFixture {
  name: string;
  file: URL;
  heldOut: URL | null;
  language: Language;
  /** chat-sized (a chat's few examples per reaction), larger, or the official reference example. */
  size: 'chat' | 'larger' | 'reference';
  /** Training time goal, seconds end to end on 2 cores (issue 16). */
  goalSeconds: number;
  /** Who wrote it: blind (from a one-paragraph brief, by a writer who never saw another fixture) or not. */
  blind: boolean;
}

const fixture = (
  name: string,
  language: Language,
  size: BenchFixture['size'],
  goalSeconds: number,
  blind: boolean,
): BenchFixture => ({
  name,
  file: new URL(`${name}.json`, FIXTURES),
  heldOut: new URL(`${name}-held-out.json`, FIXTURES),
  language,
  size,
  goalSeconds,
  blind,
});

export const BENCH_FIXTURES: readonly BenchFixture[] = [
  {
    name: 'bloom',
    file: new URL('examples/bloom_2_0_1.json', pathToFileURL(`${MTP_REFERENCE_DIR}/`)),
    heldOut: null,
    language: 'en',
    size: 'reference',
    goalSeconds: 90,
    blind: false,
  },
  fixture('ferryman', 'en', 'chat', 90, true),
  fixture('noodles', 'en', 'chat', 90, true),
  fixture('blacksmith', 'en', 'larger', 180, true),
  fixture('gatekeeper', 'en', 'larger', 180, true),
  fixture('herbalist', 'pl', 'larger', 180, true),
  fixture('shopkeeper', 'en', 'larger', 600, false),
];

export interface HeldOutCase {
  inputs: string[];
  /** The reaction line wanted; a refusal's ends in `<UNK>_`. */
  reaction: string;
}

export interface HeldOutFile {
  set: string;
  cases: HeldOutCase[];
  /** Off-topic inputs the agent should refuse. */
  guardrails?: HeldOutCase[];
}

export const readHeldOut = (url: URL): HeldOutFile => JSON.parse(readFileSync(url, 'utf8')) as HeldOutFile;
