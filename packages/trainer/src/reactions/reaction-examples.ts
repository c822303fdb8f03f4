// What the reaction model learns from a protocol: each instruction's classes (its reactions, in the template's
// order, as Flora lists them), and every sample and guardrail example as input lines with their numbers —
// in protocolExamples' order, so example i here is example i there.
import type { FeatureLine, SlotRange } from '@greenhouse/agent-format';
import {
  describedReaction,
  getToken,
  sampleReaction,
  toLine,
  type InstructionSet,
  type Protocol,
  type Sample,
} from '@greenhouse/mtp';
import { reactionOptions, type ReactionOption } from '../pipeline/answers.js';

export interface ReactionExample {
  set: string;
  lines: FeatureLine[];
  /** The reaction line (a FinalNumToken's with its number, a refusal's with its mark). */
  reaction: string;
  /** What the agent answers (line breaks as spaces, as the model writes it). */
  response: string;
  kind: 'sample' | 'guardrail';
}

/** One instruction as the reaction model sees it. */
export interface InstructionShape {
  name: string;
  /** The instruction's reactions (template order): the model's classes. */
  options: ReactionOption[];
  /** Per input line, the ranges of its numbers (a list's range once per number). */
  slots: SlotRange[][];
  /** Input lines the player writes (the guardrails' lines; without guardrails, the last input line). */
  playerLines: number[];
  inputLines: number;
}

function lineSlots(protocol: Protocol, set: InstructionSet, line: number): SlotRange[] {
  const out: SlotRange[] = [];
  for (const value of set.rows[line] ?? []) {
    const token = getToken(protocol, value);
    if (!token || token.min === null || token.max === null) continue;
    if (token.kind === 'NumToken') out.push({ min: token.min, max: token.max });
    if (token.kind === 'NumListToken')
      for (let i = 0; i < (token.length ?? 0); i++) out.push({ min: token.min, max: token.max });
  }
  return out;
}

/** A line's numbers flattened in row order (NumTokens and NumListTokens as the key line writes them). */
function lineNumbers(protocol: Protocol, set: InstructionSet, sample: Sample, line: number): number[] {
  const numbers = [...(sample.numbers[line] ?? [])];
  const lists = [...(sample.numberLists[line] ?? [])];
  const out: number[] = [];
  for (const value of set.rows[line] ?? []) {
    const kind = getToken(protocol, value)?.kind;
    if (kind === 'NumToken') out.push(numbers.shift() ?? 0);
    if (kind === 'NumListToken') out.push(...(lists.shift() ?? []));
  }
  return out;
}

export function instructionShapes(protocol: Protocol): InstructionShape[] {
  const options = reactionOptions(protocol);
  return protocol.sets.map((set) => {
    const inputLines = set.rows.length - 1;
    const guarded = [...new Set(set.guardrails.map((g) => g.line))].filter((l) => l < inputLines).sort();
    return {
      name: set.name,
      options: options.get(set.name) ?? [],
      slots: Array.from({ length: inputLines }, (_, l) => lineSlots(protocol, set, l)),
      playerLines: guarded.length ? guarded : [inputLines - 1],
      inputLines,
    };
  });
}

/**
 * What the protocol says each reaction is, per option (empty when it says nothing): the final token's `desc`,
 * else an instruction context line "Name: description" (the form the chat designer writes, mtp's draft).
 */
export function reactionDescriptions(
  protocol: Protocol,
  set: string,
  options: readonly ReactionOption[],
): string[] {
  const context = protocol.sets.find((s) => s.name === set)?.context ?? [];
  return options.map((o) => {
    const own = getToken(protocol, o.name)?.description?.trim();
    if (own) return own;
    const name = o.name.replace(/_$/, ''); // a draft's token is its reaction's name and '_'
    for (const line of context) {
      const described = describedReaction(line);
      if (described?.name === name) return described.description.trim();
    }
    return '';
  });
}

/** The class of a reaction line: the option it is, or the FinalNumToken option it starts with; -1 if none. */
export function classOf(options: readonly ReactionOption[], reaction: string): number {
  let best = -1;
  options.forEach((o, i) => {
    const fits = reaction === o.line || (o.number && reaction.startsWith(o.line));
    if (fits && (best < 0 || o.line.length > options[best]!.line.length)) best = i;
  });
  return best;
}

/** Every sample and guardrail example, as protocolExamples orders them. */
export function reactionExamples(protocol: Protocol): ReactionExample[] {
  const out: ReactionExample[] = [];
  protocol.sets.forEach((set) => {
    const inputs = set.rows.length - 1;
    const linesOf = (sample: Sample): FeatureLine[] =>
      Array.from({ length: inputs }, (_, l) => ({
        text: sample.strings[l] ?? '',
        numbers: lineNumbers(protocol, set, sample, l),
      }));
    const options = reactionOptions(protocol).get(set.name) ?? [];
    for (const sample of set.samples)
      out.push({
        set: set.name,
        lines: linesOf(sample),
        reaction: sampleReaction(protocol, set, sample),
        response: toLine(sample.strings[inputs] ?? ''),
        kind: 'sample',
      });
    const refusal = options.find((o) => o.refused)?.line ?? '';
    set.guardrails.forEach((g) =>
      g.badExamples.forEach((bad, i) => {
        const lines = linesOf(set.samples[i % set.samples.length]!);
        lines[g.line] = { ...lines[g.line]!, text: bad };
        out.push({
          set: set.name,
          lines,
          reaction: refusal,
          response: toLine(g.badOutput),
          kind: 'guardrail',
        });
      }),
    );
  });
  return out;
}
