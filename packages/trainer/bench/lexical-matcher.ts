// A dictionary matcher as a reference for the quality bench: how many of a fixture's held-out lines a
// nearest-neighbour word matcher gets right when it knows every WordNet relation of the words (synonyms,
// hypernyms, hyponyms, derivations and similar adjectives of their first SENSES senses). An agent that
// generalises only through shared words and their dictionary relations gets about this; what it gets
// beyond it is the base model's own knowledge of English (or, on a fixture written by the plan's tuners,
// the templates it shares with its training lines). A line counts when the best-matching training input (shared words,
// expanded, over the line's and the input's words) has the wanted reaction and no other reaction ties.
//
//   cd /work/main && npm run bench:lexical -- ferryman        # or blacksmith, shopkeeper; SENSES=1..3
import { readFileSync } from 'node:fs';
import { WORDNET_POS, wordnetFile, wordnetLines } from '../src/base/wordnet.js';

const SENSES = Number(process.env.SENSES ?? 1);
/** wndb(5) pointer symbols followed: hypernym, hyponym (and instance ones), derivation, similar to. */
const RELATIONS = new Set(['@', '~', '@i', '~i', '+', '&']);
const POS_OF: Record<string, string> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };
const STOP = new Set(
  (
    'i me my you your we us our the a an to of in on at is it its be are was am do does can could would will ' +
    'shall should what whats how why when where who which this that these those there here and or but so if ' +
    'for with from by as not no yes ok im ill id let lets just about get got have has had please any some ' +
    'than then too very up down out over into u'
  ).split(' '),
);

const senses = new Map<string, { pos: string; offsets: number[] }[]>();
for (const pos of WORDNET_POS)
  for (const line of wordnetLines(`index.${pos}`)) {
    // lemma pos synset_cnt p_cnt [ptr_symbol × p_cnt] sense_cnt tagsense_cnt synset_offset…
    const f = line.split(' ');
    const start = 4 + Number(f[3]) + 2;
    const list = senses.get(f[0]!) ?? [];
    list.push({ pos, offsets: f.slice(start, start + Number(f[2])).map(Number) });
    senses.set(f[0]!, list);
  }
const data = new Map(WORDNET_POS.map((pos) => [pos as string, readFileSync(wordnetFile(`data.${pos}`))]));

function synset(pos: string, offset: number) {
  const buffer = data.get(pos)!;
  const head = buffer.toString('latin1', offset, buffer.indexOf(10, offset)).split(' | ')[0]!.split(' ');
  const count = parseInt(head[3]!, 16);
  const words = Array.from({ length: count }, (_, i) =>
    head[4 + 2 * i]!.replace(/\([a-z]+\)$/, '').toLowerCase(),
  );
  const pointers: { symbol: string; pos: string; offset: number }[] = [];
  for (let i = 0, k = 5 + 2 * count; i < Number(head[4 + 2 * count]); i++, k += 4)
    pointers.push({ symbol: head[k]!, pos: POS_OF[head[k + 2]!]!, offset: Number(head[k + 1]) });
  return { words, pointers };
}

/** A word with its candidate base forms (a crude stemmer: enough to reach WordNet's lemmas). */
const forms = (w: string) =>
  [
    w,
    ...[
      ['s', ''],
      ['es', ''],
      ['ies', 'y'],
      ['ed', ''],
      ['ed', 'e'],
      ['ing', ''],
      ['ing', 'e'],
      ['er', ''],
    ]
      .filter(([suffix]) => w.endsWith(suffix!))
      .map(([suffix, add]) => w.slice(0, -suffix!.length) + add),
  ].filter((x, i) => i === 0 || senses.has(x));

function expand(words: string[]): Set<string> {
  const out = new Set<string>();
  for (const w of words)
    for (const form of forms(w)) {
      out.add(form);
      for (const { pos, offsets } of senses.get(form) ?? [])
        for (const offset of offsets.slice(0, SENSES)) {
          const s = synset(pos, offset);
          s.words.forEach((x) => out.add(x));
          for (const p of s.pointers)
            if (RELATIONS.has(p.symbol)) synset(p.pos, p.offset).words.forEach((x) => out.add(x));
        }
    }
  return out;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/'/g, '')
    .split(/[^a-z]+/)
    .filter((w) => w.length > 1 && !STOP.has(w));

interface Fixture {
  inputs: number;
  instruction: { sets: { name: string; samples: { strings: string[]; result: string }[] }[] };
}
interface HeldOut {
  set: string;
  cases: { inputs: string[]; reaction: string }[];
}

const name = process.argv[2] ?? 'ferryman';
const fixture = JSON.parse(
  readFileSync(new URL(`../fixtures/${name}.json`, import.meta.url), 'utf8'),
) as Fixture;
const heldOut = JSON.parse(
  readFileSync(new URL(`../fixtures/${name}-held-out.json`, import.meta.url), 'utf8'),
) as HeldOut;
const set = fixture.instruction.sets.find((s) => s.name === heldOut.set)!;
// The line the user types is the sample's last input string.
const training = set.samples.map((s) => ({
  reaction: s.result,
  words: expand(words(s.strings[fixture.inputs - 1]!)),
}));
let right = 0;
for (const c of heldOut.cases) {
  const line = expand(words(c.inputs.at(-1)!));
  const best = new Map<string, number>();
  for (const t of training) {
    let shared = 0;
    for (const w of line) if (t.words.has(w)) shared++;
    best.set(t.reaction, Math.max(best.get(t.reaction) ?? 0, shared));
  }
  const [first, second] = [...best].sort((a, b) => b[1] - a[1]);
  if (first && first[1] > 0 && first[0] === c.reaction && first[1] > (second?.[1] ?? 0)) right++;
}
console.log(
  `${name}: ${right}/${heldOut.cases.length} held-out lines matched to their reaction through words and their ` +
    `WordNet relations (first ${SENSES} sense(s))`,
);
