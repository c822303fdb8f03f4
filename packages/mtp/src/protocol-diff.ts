// What changed between two versions of an agent's protocol (issue 33, "Compare"): per instruction and per
// reaction, the samples added, removed and changed, and the guardrails added, removed and changed.
//
// What counts as the same, and as changed:
//  - An instruction is the same instruction when its name is (sets without names are `set_<n>`, normalize.ts).
//  - A sample is the same sample when its input lines' texts are identical, character for character (no case
//    or space folding: a rephrased input is another phrasing to learn, so it is one removed and one added).
//    It has changed when anything else the model learns from differs: the answer line's text, the reaction
//    (its final token), a FinalNumToken's value, or a line's numbers. A sample whose reaction changed has
//    moved: it is listed, as changed, under the reaction it has now, its `before` naming the one it had.
//    The sample's `prompt` is not compared: nothing trains on it.
//  - Samples repeating the same inputs in one instruction are paired exact copy with exact copy first, then
//    in file order, so removing one of two answers to "hello" shows that answer removed, not the other changed.
//  - A guardrail is the same guardrail when it watches the same input line (a set has one per line). It has
//    changed when its fixed answer or its bad examples (as a set: their order does not matter) differ; its
//    good and bad prompts describe it for generators and nothing trains on them, so they are not compared.
//
// Per-sample comparison is by hand, not with a diff library: samples are a set keyed by their input lines,
// not a sequence. A sequence diff (LCS, as jsdiff does) reports a reordered sample as removed and added and
// cannot pair a sample that moved to another reaction; two passes over a Map pair them in linear time.
//
// Order, deterministic: instructions and reactions in the newer protocol's order, then those only the older
// one has, in its order; samples in the order of the version they come from (changed: the newer's);
// guardrails by line.
import { getToken, type Guardrail, type InstructionSet, type Protocol, type Sample } from './protocol.js';

/** One sample as the diff shows it. */
export interface SampleSnapshot {
  /** The input lines' texts. */
  inputs: string[];
  /** The answer (response) line's text. */
  answer: string;
  /** The reaction: its final token's name (value). */
  reaction: string;
  /** A FinalNumToken's value, else null. */
  value: number | null;
  /** Per line (the inputs, then the answer), the numbers of its NumTokens, in row order. */
  numbers: number[][];
  /** Per line, one list per NumListToken, in row order. */
  numberLists: number[][][];
}

/** The same sample in both versions; `before.reaction !== after.reaction` when it moved. */
export interface SampleChange {
  before: SampleSnapshot;
  after: SampleSnapshot;
}

export type DiffStatus = 'added' | 'removed' | 'kept';

export interface ReactionDiff {
  /** The final token's name (its value in the protocol, e.g. `Sell_`). */
  name: string;
  /** Its key, as the reaction line writes it (the newer version's when both have it). */
  key: string;
  /** Whether the instruction had samples of it only in the newer version, only in the older one, or in both. */
  status: DiffStatus;
  added: SampleSnapshot[];
  removed: SampleSnapshot[];
  /** Samples of this reaction in the newer version that changed, those moved here from another included. */
  changed: SampleChange[];
  /** Samples of this reaction in both versions, identical. */
  unchanged: number;
}

export interface GuardrailSnapshot {
  /** The input line it watches (0-based). */
  line: number;
  /** Its fixed answer to a bad input. */
  badOutput: string;
  badExamples: string[];
}

export interface GuardrailChange {
  line: number;
  /** The fixed answer before and after, or null when it did not change. */
  badOutput: { before: string; after: string } | null;
  badExamplesAdded: string[];
  badExamplesRemoved: string[];
}

export interface GuardrailsDiff {
  added: GuardrailSnapshot[];
  removed: GuardrailSnapshot[];
  changed: GuardrailChange[];
  unchanged: number;
}

export interface InstructionDiff {
  name: string;
  status: DiffStatus;
  reactions: ReactionDiff[];
  guardrails: GuardrailsDiff;
}

export interface ProtocolDiffSummary {
  instructionsAdded: number;
  instructionsRemoved: number;
  samplesAdded: number;
  samplesRemoved: number;
  /** Moved samples included. */
  samplesChanged: number;
  samplesUnchanged: number;
  guardrailsAdded: number;
  guardrailsRemoved: number;
  guardrailsChanged: number;
}

export interface ProtocolDiff {
  instructions: InstructionDiff[];
  summary: ProtocolDiffSummary;
}

/** What changed from `older` to `newer` (see the top of this file for what "the same" and "changed" mean). */
export function protocolDiff(older: Protocol, newer: Protocol): ProtocolDiff {
  const olderSets = new Map(older.sets.map((set) => [set.name, set]));
  const newerNames = new Set(newer.sets.map((set) => set.name));
  const instructions = [
    ...newer.sets.map((set) => instructionDiff(older, olderSets.get(set.name), newer, set)),
    ...older.sets.filter((set) => !newerNames.has(set.name)).map((set) => instructionDiff(older, set, newer)),
  ];
  return { instructions, summary: summarize(instructions) };
}

function snapshot(sample: Sample): SampleSnapshot {
  return {
    inputs: sample.strings.slice(0, -1),
    answer: sample.strings.at(-1) ?? '',
    reaction: sample.result,
    value: typeof sample.value === 'number' ? sample.value : null,
    numbers: sample.numbers,
    numberLists: sample.numberLists,
  };
}

const sameInputs = (sample: SampleSnapshot) => JSON.stringify(sample.inputs);
const sameEverything = (sample: SampleSnapshot) => JSON.stringify(sample);

/** Takes the first sample waiting under `key`, if any. */
function take(waiting: Map<string, SampleSnapshot[]>, key: string): SampleSnapshot | undefined {
  const queue = waiting.get(key);
  const found = queue?.shift();
  if (queue?.length === 0) waiting.delete(key);
  return found;
}

function waitingBy(samples: readonly SampleSnapshot[], keyOf: (sample: SampleSnapshot) => string) {
  const waiting = new Map<string, SampleSnapshot[]>();
  for (const sample of samples) {
    const key = keyOf(sample);
    const queue = waiting.get(key);
    if (queue) queue.push(sample);
    else waiting.set(key, [sample]);
  }
  return waiting;
}

function instructionDiff(
  older: Protocol,
  olderSet: InstructionSet | undefined,
  newer: Protocol,
  newerSet?: InstructionSet,
): InstructionDiff {
  const name = (newerSet ?? olderSet)!.name;
  const before = (olderSet?.samples ?? []).map(snapshot);
  const after = (newerSet?.samples ?? []).map(snapshot);

  // Pass 1: exact copies are unchanged. Pass 2: of the rest, the same inputs are one changed sample.
  const exact = waitingBy(before, sameEverything);
  const unchanged: SampleSnapshot[] = [];
  const rest = after.filter((sample) => {
    if (!take(exact, sameEverything(sample))) return true;
    unchanged.push(sample);
    return false;
  });
  const olderLeft = new Set([...exact.values()].flat());
  const byInputs = waitingBy(
    before.filter((sample) => olderLeft.has(sample)),
    sameInputs,
  );
  const added: SampleSnapshot[] = [];
  const changed: SampleChange[] = [];
  for (const sample of rest) {
    const previous = take(byInputs, sameInputs(sample));
    if (previous) changed.push({ before: previous, after: sample });
    else added.push(sample);
  }
  const pairedOlder = new Set(changed.map((change) => change.before));
  const removed = before.filter((sample) => olderLeft.has(sample) && !pairedOlder.has(sample));

  const olderReactions = olderSet?.finalTokens ?? [];
  const newerReactions = newerSet?.finalTokens ?? [];
  const reactions = [...newerReactions, ...olderReactions.filter((r) => !newerReactions.includes(r))].map(
    (reaction): ReactionDiff => ({
      name: reaction,
      key: (getToken(newer, reaction) ?? getToken(older, reaction))?.key ?? reaction,
      status: !olderReactions.includes(reaction)
        ? 'added'
        : !newerReactions.includes(reaction)
          ? 'removed'
          : 'kept',
      added: added.filter((sample) => sample.reaction === reaction),
      removed: removed.filter((sample) => sample.reaction === reaction),
      changed: changed.filter((change) => change.after.reaction === reaction),
      unchanged: unchanged.filter((sample) => sample.reaction === reaction).length,
    }),
  );

  return {
    name,
    status: !olderSet ? 'added' : !newerSet ? 'removed' : 'kept',
    reactions,
    guardrails: guardrailsDiff(olderSet?.guardrails ?? [], newerSet?.guardrails ?? []),
  };
}

function guardrailSnapshot(guardrail: Guardrail): GuardrailSnapshot {
  return { line: guardrail.line, badOutput: guardrail.badOutput, badExamples: guardrail.badExamples };
}

const byLine = (a: { line: number }, b: { line: number }) => a.line - b.line;

function guardrailsDiff(before: readonly Guardrail[], after: readonly Guardrail[]): GuardrailsDiff {
  const olderByLine = new Map(before.map((g) => [g.line, g]));
  const newerLines = new Set(after.map((g) => g.line));
  const diff: GuardrailsDiff = {
    added: [],
    removed: before
      .filter((g) => !newerLines.has(g.line))
      .map(guardrailSnapshot)
      .sort(byLine),
    changed: [],
    unchanged: 0,
  };
  for (const guardrail of [...after].sort(byLine)) {
    const previous = olderByLine.get(guardrail.line);
    if (!previous) {
      diff.added.push(guardrailSnapshot(guardrail));
      continue;
    }
    const olderExamples = new Set(previous.badExamples);
    const newerExamples = new Set(guardrail.badExamples);
    const change: GuardrailChange = {
      line: guardrail.line,
      badOutput:
        previous.badOutput === guardrail.badOutput
          ? null
          : { before: previous.badOutput, after: guardrail.badOutput },
      badExamplesAdded: [...newerExamples].filter((example) => !olderExamples.has(example)),
      badExamplesRemoved: [...olderExamples].filter((example) => !newerExamples.has(example)),
    };
    if (change.badOutput || change.badExamplesAdded.length > 0 || change.badExamplesRemoved.length > 0)
      diff.changed.push(change);
    else diff.unchanged += 1;
  }
  return diff;
}

function summarize(instructions: readonly InstructionDiff[]): ProtocolDiffSummary {
  const sum = (count: (instruction: InstructionDiff) => number) =>
    instructions.reduce((total, instruction) => total + count(instruction), 0);
  const sumReactions = (count: (reaction: ReactionDiff) => number) =>
    sum((instruction) => instruction.reactions.reduce((total, reaction) => total + count(reaction), 0));
  return {
    instructionsAdded: instructions.filter((instruction) => instruction.status === 'added').length,
    instructionsRemoved: instructions.filter((instruction) => instruction.status === 'removed').length,
    samplesAdded: sumReactions((reaction) => reaction.added.length),
    samplesRemoved: sumReactions((reaction) => reaction.removed.length),
    samplesChanged: sumReactions((reaction) => reaction.changed.length),
    samplesUnchanged: sumReactions((reaction) => reaction.unchanged),
    guardrailsAdded: sum((instruction) => instruction.guardrails.added.length),
    guardrailsRemoved: sum((instruction) => instruction.guardrails.removed.length),
    guardrailsChanged: sum((instruction) => instruction.guardrails.changed.length),
  };
}
