// Off-topic lines the reaction model learns as refusals beside a protocol's own guardrail examples: what players
// type when they leave the game world (base/off-topic-<language>.txt, written for Greenhouse from a description
// of the categories only). A protocol gives three to five bad examples; these give the model the rest of the
// real world to tell its world from. Which pool (and so which language) fits a protocol: the one whose words
// cover most of the words its samples use.
import { readFileSync } from 'node:fs';
import { lineWords } from '@greenhouse/agent-format';
import type { Protocol } from '@greenhouse/mtp';

export const POOL_LANGUAGES = ['en', 'pl'] as const;
export type PoolLanguage = (typeof POOL_LANGUAGES)[number];

/** Below this share of a protocol's words found in a pool, the protocol is in none of the pools' languages. */
const MIN_COVERAGE = 0.25;

const pools = new Map<PoolLanguage, string[]>();

/** The pool's lines (comments left out). */
export function offTopicPool(language: PoolLanguage): string[] {
  let pool = pools.get(language);
  if (!pool) {
    pool = readFileSync(new URL(`../../base/off-topic-${language}.txt`, import.meta.url), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '' && !l.startsWith('#'));
    pools.set(language, pool);
  }
  return pool;
}

/** The pool language of a protocol's samples (their words most covered by a pool's words), or null. */
export function protocolLanguage(protocol: Pick<Protocol, 'sets'>): PoolLanguage | null {
  const words = protocol.sets.flatMap((s) =>
    s.samples.flatMap((sample) => sample.strings.flatMap(lineWords)),
  );
  if (words.length === 0) return null;
  let best: PoolLanguage | null = null;
  let bestShare = MIN_COVERAGE;
  for (const language of POOL_LANGUAGES) {
    const vocabulary = new Set(offTopicPool(language).flatMap(lineWords));
    const share = words.filter((w) => vocabulary.has(w)).length / words.length;
    if (share > bestShare) [best, bestShare] = [language, share];
  }
  return best;
}
