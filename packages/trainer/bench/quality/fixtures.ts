// The quality bench's protocols and their held-out inputs.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { synonymPhrasings } from '../../src/base/synonyms.js';
import { MTP_REFERENCE_DIR } from '@greenhouse/mtp/testing/files';
import type { Language } from './peers.js';

const FIXTURES = new URL('../../fixtures/', import.meta.url);

export interface BenchFixture {
  name: string;
  file: URL;
  /**
   * Phrasings a chat designer offered, all kept: each becomes a sample of its reaction answered with one of
   * that reaction's lines in turn — as the draft does when the user keeps an offer. `model`: what a chat model
   * offered (`<name>-phrasings.json`, written by an assistant playing the model designer from the protocol
   * only); `synonyms`: what the guided designer offers (synonymPhrasings, 10 per reaction).
   */
  phrasings?: 'model' | 'synonyms';
  heldOut: URL | null;
  language: Language;
  /** chat-sized (a chat's few examples per reaction), larger, or the official reference example. */
  size: 'chat' | 'larger' | 'reference';
  /** Training time goal, seconds end to end on 2 cores (issue 16). */
  goalSeconds: number;
  /** Who wrote it: blind (from a one-paragraph brief, by a writer who never saw another fixture) or not. */
  blind: boolean;
  /**
   * Written after the reaction model was tuned (issue 31), and never used to tune it: the honest check of what
   * the tuning on the other fixtures' held-out lines is worth.
   */
  validation?: boolean;
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
  withPhrasings(fixture('ferryman', 'en', 'chat', 90, true), 'synonyms'),
  withPhrasings(fixture('noodles', 'en', 'chat', 90, true), 'synonyms'),
  withPhrasings(fixture('ferryman', 'en', 'chat', 90, true), 'model'),
  withPhrasings(fixture('noodles', 'en', 'chat', 90, true), 'model'),
  fixture('blacksmith', 'en', 'larger', 180, true),
  fixture('gatekeeper', 'en', 'larger', 180, true),
  fixture('herbalist', 'pl', 'larger', 180, true),
  fixture('shopkeeper', 'en', 'larger', 600, false),
  { ...fixture('librarian', 'en', 'chat', 90, true), validation: true },
  { ...fixture('troll', 'pl', 'chat', 90, true), validation: true },
  { ...fixture('quartermaster', 'en', 'larger', 180, true), validation: true },
  // Written blind after this session's change (reaction descriptions as examples), never used to tune it.
  { ...fixture('lighthouse', 'pl', 'chat', 90, true), validation: true },
  { ...fixture('smuggler', 'en', 'chat', 90, true), validation: true },
];

/** The fixture with a designer's offered phrasings kept (named `<name>+synonyms`, `<name>+model`). */
function withPhrasings(f: BenchFixture, phrasings: 'model' | 'synonyms'): BenchFixture {
  return { ...f, name: `${f.name}+${phrasings}`, phrasings };
}

/** The guided designer's offers for a protocol file: its samples' inputs, per reaction, in synonyms. */
function synonymOffers(file: unknown): PhrasingsFile {
  const set = (
    file as { instruction: { sets: { name: string; samples: { strings: string[]; result: string }[] }[] } }
  ).instruction.sets[0]!;
  const inputs = set.samples.map((s) => s.strings[0]!);
  const reactions = [...new Set(set.samples.map((s) => s.result))];
  const offers = reactions.flatMap((reaction) =>
    synonymPhrasings(
      set.samples.filter((s) => s.result === reaction).map((s) => s.strings[0]!),
      10,
      1,
      { exclude: inputs },
    ).map((input) => ({ reaction, input })),
  );
  return { set: set.name, offers };
}

export interface PhrasingsFile {
  set: string;
  offers: { reaction: string; input: string }[];
}

/** A protocol file (JSON) with the offers kept as samples: outputs cycle through each reaction's own. */
export function keepPhrasings(file: unknown, phrasings: PhrasingsFile): unknown {
  const protocol = structuredClone(file) as {
    instruction: { sets: { name?: string; samples: { strings: string[]; result: string }[] }[] };
  };
  const set = protocol.instruction.sets.find((s) => s.name === phrasings.set);
  if (!set) throw new Error(`no set ${phrasings.set}`);
  const used = new Map<string, number>();
  for (const offer of phrasings.offers) {
    const own = set.samples.filter((s) => s.result === offer.reaction);
    if (own.length === 0) throw new Error(`no samples of ${offer.reaction}`);
    const n = used.get(offer.reaction) ?? 0;
    used.set(offer.reaction, n + 1);
    const model = own[n % own.length]!;
    set.samples.push({ ...structuredClone(model), strings: [offer.input, model.strings.at(-1)!] });
  }
  return protocol;
}

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

/** The fixture's protocol text, with its offered phrasings kept when it has them. */
export function fixtureText(f: BenchFixture): string {
  const text = readFileSync(f.file, 'utf8');
  if (!f.phrasings) return text;
  const offers =
    f.phrasings === 'model'
      ? (JSON.parse(
          readFileSync(new URL(`${f.name.split('+')[0]}-phrasings.json`, FIXTURES), 'utf8'),
        ) as PhrasingsFile)
      : synonymOffers(JSON.parse(text));
  return JSON.stringify(keepPhrasings(JSON.parse(text), offers));
}
