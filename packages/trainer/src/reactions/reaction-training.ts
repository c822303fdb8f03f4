// The reaction model (agent-format's reaction-model.ts): per instruction, two logistic regressions over the
// request's hashed features (words, bigrams, character n-grams, number buckets; TF-IDF weighted and scaled to
// length 1) and, for English protocols, over the mean direction of the player's words' GloVe vectors
// (word-vectors.ts). The classes head learns which reaction from the samples; the refusal detector learns
// "off topic" from the guardrail examples and an off-topic pool in the protocol's language (off-topic.ts)
// against every sample. Kept apart, the pool's everyday words do not pull the choice between reactions.
// Chosen by measurement (bench/quality-bench.ts; the package README, "Reactions"): on the blind fixtures it
// answers held-out phrasings at least about as well as the best classical intent classifier, where the
// language model alone reads far fewer right.
//
// Cross-validation: k models, each without one fold of the samples (and of the pool), answer what they did not
// learn. Their answers are the agent's quality check (what the agent page shows), and their detector scores
// place the refusal threshold (refusalBias). Deterministic: the same protocol and plan give the same bytes
// (full-batch Adam in a fixed order, no randomness).
import {
  decodeReactionModel,
  encodeReactionModel,
  featureHash,
  lineWords,
  requestFeatures,
  requestHashes,
  type InstructionReactions,
  type LinearHead,
  type ReactionModel,
} from '@greenhouse/agent-format';
import type { Protocol } from '@greenhouse/mtp';
import { MAX_MISSES } from '../pipeline/quality.js';
import type { TrainingQuality } from '../pipeline/types.js';
import { offTopicPool, protocolLanguage, type PoolLanguage } from './off-topic.js';
import {
  classOf,
  instructionShapes,
  reactionDescriptions,
  reactionExamples,
  type InstructionShape,
  type ReactionExample,
} from './reaction-examples.js';
import { loadWordVectors, type WordVectors } from './word-vectors.js';

export interface ReactionPlan {
  /** The protocol's language, when one of the off-topic pools' (off-topic.ts). */
  language: PoolLanguage | null;
  /** English protocols: the player's words also score through these word vectors (their table's sha256). */
  wordVectors: { sha256: string } | null;
  /** Learn the language's off-topic pool as refusals (only for instructions that have a refusal). */
  offTopic: boolean;
  epochs: number;
  learningRate: number;
  /** L2 penalty on the weights (not the biases). */
  l2: number;
  /** Scale of the word-vector direction beside the length-1 feature vector. */
  wordWeight: number;
  /** The off-topic pool's total weight, as a share of the samples' (each sample and guardrail example weighs 1). */
  poolWeight: number;
  /** What a false refusal costs beside a missed off-topic line, when the refusal threshold is placed. */
  falseRefusalCost: number;
  /** Cross-validation folds at most (fewer when no reaction has that many samples). */
  maxFolds: number;
  /** The character n-grams' weight in a request's vector (beside the words', 1). */
  charWeight: number;
}

/** Measured with bench/quality-bench.ts (see the package README, "Reactions"). */
export const REACTION_TRAINING = {
  epochs: 200,
  learningRate: 0.1,
  l2: 1e-4,
  wordWeight: 1,
  poolWeight: 0.5,
  falseRefusalCost: 3,
  maxFolds: 5,
} as const;

/** Below this many samples a protocol is chat-sized (as the training plan's SMALL_DATASET). */
const FEW_SAMPLES = 60;
/**
 * The character n-grams' weight in a chat-sized protocol with word vectors. With three or four lines per
 * reaction, the many n-grams of those few lines outweigh their words, and substrings they share by chance
 * decide; the word vectors carry what generalises there. Larger protocols, and languages without word vectors
 * (where n-grams are what reads inflections), keep weight 1. Measured (held-out reactions, ferryman / noodles):
 * 18 / 22 of 32 at weight 1, 19 / 24 at 0.3; at 0.3 the larger ones lose (gatekeeper 48 → 45 of 50, herbalist
 * 37 → 35 of 40).
 */
const FEW_SAMPLES_CHAR_WEIGHT = 0.3;
/**
 * A reaction's description as an example of it weighs as one sample. Measured (held-out reactions; bench:quality
 * QUALITY_REACTIONS_ONLY=1, without → with): ferryman 19 → 20, noodles 24 → 23, ferryman+synonyms 17 → 18, troll
 * 23 → 25 of 32, the larger fixtures unchanged; 0.5 gave less. Then checked on two fixtures written blind after
 * the change: lighthouse 29 → 29, smuggler 26 → 27 of 32.
 */
const DESCRIPTION_WEIGHT = 1;

/** The reaction model's plan for a protocol (its language decides the pool and the word vectors). */
export function planReactions(protocol: Pick<Protocol, 'sets'>): ReactionPlan {
  const language = protocolLanguage(protocol);
  const vectors = language === 'en' ? loadWordVectors() : null;
  const samples = protocol.sets.reduce((n, s) => n + s.samples.length, 0);
  return {
    language,
    wordVectors: vectors ? { sha256: vectors.sha256 } : null,
    offTopic: language !== null,
    ...REACTION_TRAINING,
    charWeight: vectors && samples < FEW_SAMPLES ? FEW_SAMPLES_CHAR_WEIGHT : 1,
  };
}

/** A character n-gram feature's name (reaction-features.ts: `<line>c:<gram>`). */
const CHAR_GRAM = /^\d+c:/;

/** One training example of one instruction: its feature hashes, its player lines' words, class and weight. */
interface Doc {
  hashes: Uint32Array;
  /** Those of `hashes` that are character n-grams. */
  grams: ReadonlySet<number>;
  /** Per player line, its word direction (null without a known word, or without word vectors). */
  directions: (Float64Array | null)[];
  cls: number;
  weight: number;
}

/** The word table every instruction scores with: the vectors' words by hash (a colliding later word dropped). */
interface Table {
  hashes: Uint32Array;
  /** Index into the vectors of each table entry. */
  rows: Int32Array;
  norms: Float32Array;
  byHash: Map<number, number>;
}

/** The word vectors and the table of their hashes. */
interface Words {
  vectors: WordVectors;
  table: Table;
}

function wordTable(vectors: WordVectors): Table {
  const D = vectors.dimensions;
  const seen = new Map<number, number>();
  vectors.words.forEach((w, i) => {
    const h = featureHash(w);
    if (!seen.has(h)) seen.set(h, i);
  });
  const hashes = Uint32Array.from(seen.keys()).sort();
  const rows = Int32Array.from(hashes, (h) => seen.get(h)!);
  const norms = Float32Array.from(rows, (i) => {
    let s = 0;
    for (let d = 0; d < D; d++) s += vectors.vectors[i * D + d]! ** 2;
    return Math.sqrt(s);
  });
  return { hashes, rows, norms, byHash: new Map(Array.from(hashes, (h, i) => [h, i])) };
}

/** A line's word direction as the reaction model scores it: Σ vectors / Σ lengths over its known words. */
function wordDirection(words: readonly string[], { table, vectors }: Words): Float64Array | null {
  const D = vectors.dimensions;
  const out = new Float64Array(D);
  let c = 0;
  for (const w of words) {
    const i = table.byHash.get(featureHash(w));
    if (i === undefined) continue;
    const row = table.rows[i]!;
    for (let d = 0; d < D; d++) out[d] = out[d]! + vectors.vectors[row * D + d]!;
    c += table.norms[i]!;
  }
  if (c <= 0) return null;
  for (let d = 0; d < D; d++) out[d] = out[d]! / c;
  return out;
}

interface Fit {
  features: Uint32Array;
  /** Feature hash → its row. */
  index: Map<number, number>;
  idf: Float32Array;
  /** F × K. */
  weights: Float64Array;
  bias: Float64Array;
  /** Per player line, D × K. */
  directions: Float64Array[];
}

/** Multinomial logistic regression, full-batch Adam, L2 on the weights. */
function fit(docs: readonly Doc[], K: number, lines: number, words: Words | null, plan: ReactionPlan): Fit {
  // The vocabulary: every hash of the documents, ascending; idf from document frequencies.
  const df = new Map<number, number>();
  for (const d of docs) for (const h of d.hashes) df.set(h, (df.get(h) ?? 0) + 1);
  const features = Uint32Array.from(df.keys()).sort();
  const index = new Map(Array.from(features, (h, j) => [h, j]));
  const grams = new Set<number>();
  for (const d of docs) for (const h of d.grams) grams.add(h);
  const idf = Float32Array.from(
    features,
    (h) => (Math.log((1 + docs.length) / (1 + df.get(h)!)) + 1) * (grams.has(h) ? plan.charWeight : 1),
  );
  const F = features.length;
  const D = words ? words.vectors.dimensions : 0;
  // The documents as one sparse matrix (rows scaled to length 1; columns as offsets into the weights) and
  // their lines' word directions (scaled by wordWeight; a line without a known word has none).
  const W0 = K;
  const U0 = K + F * K;
  const P = U0 + lines * D * K;
  const N = docs.length;
  const rowStart = new Int32Array(N + 1);
  for (let n = 0; n < N; n++) rowStart[n + 1] = rowStart[n]! + docs[n]!.hashes.length;
  const offsets = new Int32Array(rowStart[N]!);
  const values = new Float64Array(rowStart[N]!);
  const dense = new Float64Array(N * lines * D);
  const hasDense = new Uint8Array(N * lines);
  docs.forEach((d, n) => {
    let norm = 0;
    for (const h of d.hashes) norm += idf[index.get(h)!]! ** 2;
    norm = Math.sqrt(norm) || 1;
    d.hashes.forEach((h, t) => {
      const j = index.get(h)!;
      offsets[rowStart[n]! + t] = W0 + j * K;
      values[rowStart[n]! + t] = idf[j]! / norm;
    });
    if (words)
      d.directions.forEach((dir, l) => {
        if (!dir) return;
        hasDense[n * lines + l] = 1;
        for (let i = 0; i < D; i++) dense[(n * lines + l) * D + i] = dir[i]! * plan.wordWeight;
      });
  });
  const weightOf = Float64Array.from(docs, (d) => d.weight);
  const classOf = Int32Array.from(docs, (d) => d.cls);
  const total = weightOf.reduce((s, w) => s + w, 0);
  const params = new Float64Array(P);
  const grad = new Float64Array(P);
  const m = new Float64Array(P);
  const v = new Float64Array(P);
  const z = new Float64Array(K);
  const b1 = 0.9;
  const b2 = 0.999;
  const { l2, learningRate } = plan;
  for (let epoch = 1; epoch <= plan.epochs; epoch++) {
    grad.fill(0);
    for (let n = 0; n < N; n++) {
      const from = rowStart[n]!;
      const to = rowStart[n + 1]!;
      for (let k = 0; k < K; k++) z[k] = params[k]!;
      for (let t = from; t < to; t++) {
        const base = offsets[t]!;
        const x = values[t]!;
        for (let k = 0; k < K; k++) z[k] = z[k]! + x * params[base + k]!;
      }
      for (let l = 0; l < lines; l++) {
        if (!hasDense[n * lines + l]) continue;
        const at = (n * lines + l) * D;
        let base = U0 + l * D * K;
        for (let i = 0; i < D; i++, base += K) {
          const x = dense[at + i]!;
          for (let k = 0; k < K; k++) z[k] = z[k]! + x * params[base + k]!;
        }
      }
      let max = -Infinity;
      for (let k = 0; k < K; k++) if (z[k]! > max) max = z[k]!;
      let sum = 0;
      for (let k = 0; k < K; k++) sum += z[k] = Math.exp(z[k]! - max);
      const scale = weightOf[n]! / total;
      const y = classOf[n]!;
      for (let k = 0; k < K; k++) z[k] = scale * (z[k]! / sum - (k === y ? 1 : 0));
      for (let k = 0; k < K; k++) grad[k] = grad[k]! + z[k]!;
      for (let t = from; t < to; t++) {
        const base = offsets[t]!;
        const x = values[t]!;
        for (let k = 0; k < K; k++) grad[base + k] = grad[base + k]! + x * z[k]!;
      }
      for (let l = 0; l < lines; l++) {
        if (!hasDense[n * lines + l]) continue;
        const at = (n * lines + l) * D;
        let base = U0 + l * D * K;
        for (let i = 0; i < D; i++, base += K) {
          const x = dense[at + i]!;
          for (let k = 0; k < K; k++) grad[base + k] = grad[base + k]! + x * z[k]!;
        }
      }
    }
    const c1 = 1 - b1 ** epoch;
    const c2 = 1 - b2 ** epoch;
    for (let i = 0; i < P; i++) {
      const g = i < K ? grad[i]! : grad[i]! + l2 * params[i]!;
      const mi = (m[i] = b1 * m[i]! + (1 - b1) * g);
      const vi = (v[i] = b2 * v[i]! + (1 - b2) * g * g);
      params[i] = params[i]! - (learningRate * (mi / c1)) / (Math.sqrt(vi / c2) + 1e-8);
    }
  }
  return {
    features,
    index,
    idf,
    weights: params.slice(W0, U0),
    bias: params.slice(0, K),
    directions: Array.from({ length: lines }, (_, l) => params.slice(U0 + l * D * K, U0 + (l + 1) * D * K)),
  };
}

/**
 * A fit's outputs for a document, as a head of it scores a request (headScores), in doubles from the fit's own
 * weights (the cross-validation's answers: the file's float16 rounding moves them by less than a thousandth).
 */
function scoreFit(f: Fit, doc: Doc, K: number, wordWeight: number): Float64Array {
  const out = Float64Array.from(f.bias);
  const found: number[] = [];
  for (const h of doc.hashes) {
    const j = f.index.get(h);
    if (j !== undefined) found.push(j);
  }
  let sum = 0;
  for (const j of found) sum += f.idf[j]! * f.idf[j]!;
  const norm = Math.sqrt(sum);
  if (norm > 0)
    for (const j of found)
      for (let k = 0; k < K; k++) out[k] = out[k]! + (f.idf[j]! / norm) * f.weights[j * K + k]!;
  doc.directions.forEach((dir, l) => {
    if (!dir) return;
    const U = f.directions[l]!;
    for (let d = 0; d < dir.length; d++)
      for (let k = 0; k < K; k++) out[k] = out[k]! + wordWeight * dir[d]! * U[d * K + k]!;
  });
  return out;
}

/**
 * A fit as the file stores it: the word directions become per-word scores. A detector's fit has two outputs
 * (on topic, off topic); its head keeps one, the logit of "off topic" (output 1 less output 0).
 */
function head(
  f: Fit,
  K: number,
  playerLines: readonly number[],
  words: Words | null,
  plan: ReactionPlan,
  detector: boolean,
): LinearHead {
  const O = detector ? 1 : K;
  const outputs = (values: ArrayLike<number>, rows: number) => {
    const out = new Float32Array(rows * O);
    for (let r = 0; r < rows; r++)
      for (let o = 0; o < O; o++)
        out[r * O + o] = detector ? values[r * K + 1]! - values[r * K]! : values[r * K + o]!;
    return out;
  };
  const wordScores: LinearHead['wordScores'] = [];
  if (words) {
    const { vectors, table } = words;
    const D = vectors.dimensions;
    playerLines.forEach((line, l) => {
      const dir = f.directions[l]!;
      const perWord = new Float64Array(table.hashes.length * K);
      for (let i = 0; i < table.hashes.length; i++) {
        const row = table.rows[i]!;
        for (let k = 0; k < K; k++) {
          let s = 0;
          for (let d = 0; d < D; d++) s += vectors.vectors[row * D + d]! * dir[d * K + k]!;
          perWord[i * K + k] = plan.wordWeight * s;
        }
      }
      wordScores.push({ line, scores: outputs(perWord, table.hashes.length) });
    });
  }
  return {
    bias: outputs(f.bias, 1),
    features: f.features,
    idf: f.idf,
    weights: outputs(f.weights, f.features.length),
    wordScores,
  };
}

/** What trainReactionModel gives: the model (as readers decode it), its file, and the quality check. */
export interface TrainedReactions {
  model: ReactionModel;
  bytes: Uint8Array;
  quality: TrainingQuality | null;
}

/** The model as a reader decodes it from its bytes (float16 values rounded as stored). */
function roundTrip(model: ReactionModel): { model: ReactionModel; bytes: Uint8Array } {
  const bytes = encodeReactionModel(model);
  return { model: decodeReactionModel(bytes), bytes };
}

interface Answered {
  shape: InstructionShape;
  example: ReactionExample;
  index: number;
  /** The option answered. */
  got: number;
  refused: boolean;
}

export interface ReactionTrainingOptions {
  /** false: no cross-validation (no quality check; the refusal bias stays 0). Default true. */
  crossValidate?: boolean;
}

export function trainReactionModel(
  protocol: Protocol,
  plan: ReactionPlan,
  options: ReactionTrainingOptions = {},
): TrainedReactions {
  const vectors = plan.wordVectors ? loadWordVectors() : null;
  if (plan.wordVectors && vectors?.sha256 !== plan.wordVectors.sha256)
    throw new Error('the plan was made with other word vectors than the committed ones');
  const words: Words | null = vectors ? { vectors, table: wordTable(vectors) } : null;
  const wordTableOut = words ? { hashes: words.table.hashes, norms: words.table.norms } : null;
  const examples = reactionExamples(protocol);
  const pool = plan.offTopic && plan.language ? offTopicPool(plan.language) : [];
  const answered: Answered[] = [];
  let runs = 0;
  const instructions: InstructionReactions[] = [];

  for (const shape of instructionShapes(protocol)) {
    const refusalOption = shape.options.findIndex((o) => o.refused);
    const own = examples
      .map((example, index) => ({ example, index, option: classOf(shape.options, example.reaction) }))
      .filter((e) => e.example.set === shape.name && e.option >= 0);
    const samples = own.filter((e) => e.example.kind === 'sample');
    const guardrails = own.filter((e) => e.example.kind === 'guardrail');
    // The classes: the options the samples have, in option order.
    const classOptions = [...new Set(samples.map((e) => e.option))].sort((a, b) => a - b);
    if (classOptions.length === 0) continue;
    const K = classOptions.length;
    const L = shape.playerLines.length;
    const playerWords = (e: ReactionExample) =>
      new Set(shape.playerLines.flatMap((l) => lineWords(e.lines[l]?.text ?? '')));
    // Each example's features and word directions, once.
    const docOf = (e: ReactionExample): Doc => ({
      hashes: requestHashes(e.lines, shape.slots),
      grams: new Set(
        requestFeatures(e.lines, shape.slots)
          .filter((f) => CHAR_GRAM.test(f))
          .map(featureHash),
      ),
      directions: words
        ? shape.playerLines.map((l) => wordDirection(lineWords(e.lines[l]?.text ?? ''), words))
        : [],
      cls: 0,
      weight: 1,
    });
    const hasRefusal = refusalOption >= 0 && guardrails.length > 0;
    // A text in the player's lines of sample n's other lines (as a guardrail example stands).
    const textDoc = (text: string, n = 0) => {
      const lines = samples[n % samples.length]!.example.lines.map((l) => ({ ...l }));
      for (const l of shape.playerLines) lines[l] = { ...lines[l]!, text };
      return docOf({ ...samples[0]!.example, lines });
    };
    const poolDocs = (hasRefusal ? pool : []).map((line, i) => ({ i, doc: textDoc(line, i) }));
    const sampleDocs = samples.map((e) => ({ e, doc: docOf(e.example) }));
    // What the protocol says each reaction is (a FinalToken's desc, or a draft's "Reaction: description" line)
    // learns as one more example of it: descriptions name what a reaction is about in words the few samples of a
    // chat-sized protocol may not use (DESCRIPTION_WEIGHT).
    const descriptions = reactionDescriptions(protocol, shape.name, shape.options);
    const descriptionDocs = classOptions
      .map((o, k) => ({ k, text: descriptions[o]! }))
      .filter(({ text }) => text !== '')
      .map(({ k, text }) => ({ ...textDoc(text), cls: k, weight: DESCRIPTION_WEIGHT }));
    const guardrailDocs = guardrails.map((e) => docOf(e.example));
    const trainFits = (trained: typeof sampleDocs, poolTrained: typeof poolDocs) => {
      const classes = fit(
        [
          ...trained.map(({ e, doc }) => ({ ...doc, cls: classOptions.indexOf(e.option) })),
          ...descriptionDocs,
        ],
        K,
        L,
        words,
        plan,
      );
      const poolWeight = poolTrained.length ? (plan.poolWeight * trained.length) / poolTrained.length : 0;
      const detector = hasRefusal
        ? fit(
            [
              ...trained.map(({ doc }) => ({ ...doc, cls: 0 })),
              ...guardrailDocs.map((doc) => ({ ...doc, cls: 1 })),
              ...poolTrained.map(({ doc }) => ({ ...doc, cls: 1, weight: poolWeight })),
            ],
            2,
            L,
            words,
            plan,
          )
        : null;
      return { classes, detector };
    };
    // The detector's one output: the logit of "off topic", output 1 less output 0.
    const offTopicScore = (f: Fit, doc: Doc) => {
      const o = scoreFit(f, doc, 2, plan.wordWeight);
      return o[1]! - o[0]!;
    };

    // Cross-validation: fold f leaves out the sample groups n ≡ f (mod folds) of each reaction (a group: samples
    // whose player lines are near copies of each other, nearCopies), and the pool's lines i ≡ f.
    const group = nearCopies(samples.map((e) => ({ option: e.option, words: playerWords(e.example) })));
    const rank = new Map<number, number>();
    const groupRank = new Map<number, number>();
    const foldOf = samples.map((e, i) => {
      const g = group[i]!;
      if (!groupRank.has(g)) {
        const n = rank.get(e.option) ?? 0;
        rank.set(e.option, n + 1);
        groupRank.set(g, n);
      }
      return groupRank.get(g)!;
    });
    const folds =
      options.crossValidate === false ? 0 : Math.min(plan.maxFolds, Math.max(0, ...rank.values()));
    const predictions: { e: (typeof samples)[number]; scores: Float64Array; offTopic: number | null }[] = [];
    /** The detector's scores of the pool's left-out lines. */
    const poolScores: number[] = [];
    if (folds >= 2) {
      runs += folds;
      for (let f = 0; f < folds; f++) {
        const left = sampleDocs.filter((_, i) => foldOf[i]! % folds === f);
        const kept = sampleDocs.filter((_, i) => foldOf[i]! % folds !== f);
        if (left.length === 0 || kept.length === 0) continue;
        const fits = trainFits(
          kept,
          poolDocs.filter(({ i }) => i % folds !== f),
        );
        for (const { e, doc } of left)
          predictions.push({
            e,
            scores: scoreFit(fits.classes, doc, K, plan.wordWeight),
            offTopic: fits.detector ? offTopicScore(fits.detector, doc) : null,
          });
        if (fits.detector)
          for (const { i, doc } of poolDocs)
            if (i % folds === f) poolScores.push(offTopicScore(fits.detector, doc));
      }
    }
    const onTopic = predictions.map((p) => p.offTopic).filter((x): x is number => x !== null);
    // Never above the detector's own even odds: calibration only makes it refuse less eagerly.
    const bias = hasRefusal ? Math.min(0, refusalBias(onTopic, poolScores, plan.falseRefusalCost)) : 0;
    for (const { e, scores, offTopic } of predictions) {
      const refused = offTopic !== null && offTopic + bias > 0;
      let best = 0;
      for (let k = 1; k < K; k++) if (scores[k]! > scores[best]!) best = k;
      answered.push({
        shape,
        example: e.example,
        index: e.index,
        got: refused ? refusalOption : classOptions[best]!,
        refused,
      });
    }
    // The agent's model: every sample, the whole pool.
    const fits = trainFits(sampleDocs, poolDocs);
    const linesOf = (of: typeof own) => [...new Set(of.map((e) => e.example.response))];
    instructions.push({
      name: shape.name,
      reactions: Uint32Array.from(classOptions),
      classes: head(fits.classes, K, shape.playerLines, words, plan, false),
      lines: classOptions.map((o) => linesOf(samples.filter((e) => e.option === o))),
      refusal: fits.detector
        ? {
            reaction: refusalOption,
            bias,
            detector: head(fits.detector, 2, shape.playerLines, words, plan, true),
            lines: linesOf(guardrails),
          }
        : null,
    });
  }
  const { model, bytes } = roundTrip({ words: wordTableOut, instructions });
  return { model, bytes, quality: runs > 0 && answered.length > 0 ? qualityReport(answered, runs) : null };
}

/** Two samples are near copies when this share of their player's words (Jaccard) is the same. */
const NEAR_COPY = 0.6;

/**
 * Groups of near copies (the same reaction, word sets with Jaccard ≥ NEAR_COPY, joined transitively): per
 * sample, its group (the index of its group's first sample). A protocol made from templates, or with a
 * designer's synonym phrasings kept, has many; cross-validation that left one out while its copies trained
 * would measure memory, not understanding — and place the refusal threshold on it.
 */
export function nearCopies(samples: readonly { option: number; words: ReadonlySet<string> }[]): number[] {
  const parent = samples.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  for (let i = 0; i < samples.length; i++)
    for (let j = i + 1; j < samples.length; j++) {
      const a = samples[i]!;
      const b = samples[j]!;
      if (a.option !== b.option) continue;
      let shared = 0;
      for (const w of a.words) if (b.words.has(w)) shared++;
      const union = a.words.size + b.words.size - shared;
      if (union > 0 && shared / union >= NEAR_COPY) {
        const [x, y] = [root(i), root(j)];
        parent[Math.max(x, y)] = Math.min(x, y);
      }
    }
  return samples.map((_, i) => root(i));
}

/**
 * The bias that puts the detector's threshold where a false refusal (a left-out sample refused) costs
 * `falseRefusalCost` times a missed off-topic line (a left-out pool line answered): the threshold t among the
 * scores seen that minimises cost·(share of samples above t) + (share of pool lines at or below t), the
 * highest of equals; −t. Without left-out scores, 0 (the detector's own even odds).
 */
export function refusalBias(
  onTopic: readonly number[],
  offTopic: readonly number[],
  falseRefusalCost: number,
): number {
  if (onTopic.length === 0 || offTopic.length === 0) return 0;
  const on = [...onTopic].sort((a, b) => a - b);
  const off = [...offTopic].sort((a, b) => a - b);
  const atOrBelow = (sorted: number[], t: number) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]! <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  let best = -Infinity;
  let bestCost = Infinity;
  for (const t of [...new Set([...on, ...off])].sort((a, b) => a - b)) {
    const cost =
      (falseRefusalCost * (on.length - atOrBelow(on, t))) / on.length + atOrBelow(off, t) / off.length;
    if (cost <= bestCost) [best, bestCost] = [t, cost];
  }
  return Math.fround(-best);
}

/** The cross-validation's answers as the agent page's quality check. */
function qualityReport(answers: readonly Answered[], runs: number): TrainingQuality {
  const perReaction = new Map<string, TrainingQuality['reactions'][number]>();
  const misses: TrainingQuality['misses'] = [];
  const refusedOnTopic: NonNullable<TrainingQuality['refusedOnTopic']> = [];
  let right = 0;
  for (const a of [...answers].sort((x, y) => x.index - y.index)) {
    const want = a.shape.options[classOf(a.shape.options, a.example.reaction)]!;
    const got = a.shape.options[a.got]!;
    const entry = perReaction.get(want.line) ?? {
      reaction: want.line,
      name: want.name,
      refusal: want.refused,
      measured: 0,
      right: 0,
    };
    perReaction.set(want.line, entry);
    entry.measured++;
    const inputs = a.example.lines.map((l) => l.text);
    if (got === want) {
      entry.right++;
      right++;
      continue;
    }
    if (a.refused && refusedOnTopic.length < MAX_MISSES)
      refusedOnTopic.push({ inputs, expected: want.line, expectedName: want.name });
    if (misses.length < MAX_MISSES)
      misses.push({
        inputs,
        expected: want.line,
        expectedName: want.name,
        got: got.line,
        gotName: got.name,
        gotRefusal: got.refused,
      });
  }
  return {
    method: 'k-fold',
    runs,
    measured: answers.length,
    right,
    noReaction: 0,
    reactions: [...perReaction.values()],
    misses,
    refusedOnTopic,
  };
}
