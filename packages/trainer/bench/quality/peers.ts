// The classical intent classifiers the agents are measured against, trained on the same pairs the product
// extracts (protocolExamples: every sample and guardrail example; a guardrail example's label is the
// refusal), one classifier per instruction set:
//   - nlp.js (`node-nlp`) NlpManager: its neural intent classifier, in the protocol's language; an answer of
//     its "None" intent (nothing scored above its threshold) counts as a refusal;
//   - natural's LogisticRegressionClassifier, stop words kept (English: its Porter stemmer; Polish: its Polish
//     tokenizer);
//   - a TF-IDF nearest centroid (tfidf.ts).
// Each reads either the guarded line alone (the player's) or every input line joined: the bench reports
// each peer's better reading, so a peer is never measured on the view that suits it less.
import { createRequire } from 'node:module';
import { centroid, cosine, TfIdf, type SparseVector } from './tfidf.js';

// Both are CommonJS without usable types (natural ships TypeScript sources tsc would compile): loaded
// untyped, used through the few members below.
const require = createRequire(import.meta.url);
// node-nlp's dependencies load dotenv, which otherwise prints a line per load.
process.env.DOTENV_CONFIG_QUIET ??= 'true';
const natural = require('natural') as NaturalLike;
const nlp = require('node-nlp') as { NlpManager: new (options: object) => NlpManagerLike };

export const REFUSED = 'REFUSED';

export interface LabelledLines {
  lines: string[];
  /** The reaction line, or REFUSED. */
  label: string;
}

export type View = 'player' | 'all';
export type Language = 'en' | 'pl';
export type Classify = (lines: string[]) => Promise<string>;

export interface Peer {
  name: string;
  train(
    pairs: readonly LabelledLines[],
    read: (lines: string[]) => string,
    language: Language,
  ): Promise<Classify>;
}

const nlpjs: Peer = {
  name: 'nlp.js',
  async train(pairs, read, language) {
    const manager = new nlp.NlpManager({
      languages: [language],
      forceNER: false,
      autoSave: false,
      nlu: { log: false },
    });
    for (const p of pairs) manager.addDocument(language, read(p.lines), p.label);
    await manager.train();
    return async (lines) => {
      const r = await manager.process(language, read(lines));
      return r.intent === 'None' ? REFUSED : r.intent;
    };
  },
};
interface NlpManagerLike {
  addDocument(language: string, text: string, intent: string): void;
  train(): Promise<void>;
  process(language: string, text: string): Promise<{ intent: string }>;
}

const logisticRegression: Peer = {
  name: 'natural LR',
  async train(pairs, read, language) {
    const classifier = new natural.LogisticRegressionClassifier(
      language === 'pl' ? natural.StemmerPl : natural.PorterStemmer,
    );
    classifier.keepStops = true;
    for (const p of pairs) classifier.addDocument(read(p.lines), p.label);
    classifier.train();
    return async (lines) => classifier.classify(read(lines));
  },
};
interface NaturalLike {
  LogisticRegressionClassifier: new (stemmer: unknown) => {
    keepStops: boolean;
    addDocument(text: string, label: string): void;
    train(): void;
    classify(text: string): string;
  };
  PorterStemmer: unknown;
  StemmerPl: unknown;
}

const tfidfCentroid: Peer = {
  name: 'TF-IDF centroid',
  async train(pairs, read) {
    const tfidf = new TfIdf(pairs.map((p) => read(p.lines)));
    const byLabel = new Map<string, SparseVector[]>();
    for (const p of pairs)
      byLabel.set(p.label, [...(byLabel.get(p.label) ?? []), tfidf.vector(read(p.lines))]);
    const centroids = [...byLabel].map(([label, vectors]) => ({ label, c: centroid(vectors) }));
    return async (lines) => {
      const v = tfidf.vector(read(lines));
      let best = centroids[0]!;
      let bestScore = -Infinity;
      for (const c of centroids) {
        const s = cosine(v, c.c);
        if (s > bestScore) [best, bestScore] = [c, s];
      }
      return best.label;
    };
  },
};

export const PEERS: readonly Peer[] = [nlpjs, logisticRegression, tfidfCentroid];

/** How a peer reads an example's input lines. */
export function reader(view: View, guardedLine: number): (lines: string[]) => string {
  return view === 'player' ? (lines) => lines[guardedLine] ?? lines.join(' ') : (lines) => lines.join(' \n ');
}
