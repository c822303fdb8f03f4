// A protocol back to a DRAFT (draft.ts), for "Edit and retrain" (issue 33): the agent's current protocol opens in
// the draft editor, and the edited draft becomes the next version's protocol (draftToProtocolFile).
//
// A draft has one input line and one answer per sample, without numbers, at most three instructions and one
// guardrail shared by all of them. A protocol of that shape comes back whole: its samples, results, context and
// guardrail. What a draft has no place for changes on the way, and is said to the caller (`simplified`):
// - the row tokens (`Garden_ Visitor_`) become the draft's two markers (a draft's rows carry no meaning of
//   their own: the model learns the same lines);
// - an instruction's own context lines that are not "Reaction: description" join the world facts.
// Anything else (two input lines, numbers, a number result, several guardrails, more than a draft holds) does
// not fit: the caller is told why, and the user edits the file and uploads it instead.
import {
  DRAFT_LIMITS,
  INSTRUCTION_NAME_PATTERN,
  REACTION_NAME_PATTERN,
  RESERVED_REACTION_NAMES,
  type BloomDraft,
  type DraftGuardrail,
  type DraftReaction,
} from './draft.js';
import { getToken, type Protocol } from './protocol.js';

/** Why a protocol does not fit a draft; stable keys (the web app translates them). */
export type DraftMisfitKey =
  | 'inputs'
  | 'numbers'
  | 'instructions'
  | 'instructionName'
  | 'result'
  | 'reactions'
  | 'guardrails'
  | 'tooLong';

export type ProtocolDraft =
  | { ok: true; draft: BloomDraft; simplified: ('markers' | 'instructionContext')[] }
  | { ok: false; reason: DraftMisfitKey };

const DRAFT_MARKERS = [['Heard_'], ['Reply_']];

const sameGuardrail = (a: DraftGuardrail | null, b: DraftGuardrail | null) =>
  JSON.stringify(a) === JSON.stringify(b);

/** The draft of a protocol, or why it does not fit one. `name`: the agent's name (a draft's own name). */
/** A draft's "Reaction: description" context line (as toProtocol writes it), or null for any other line. */
export function describedReaction(line: string): { name: string; description: string } | null {
  const described = /^([A-Za-z][A-Za-z0-9]*): (.*)$/.exec(line);
  return described ? { name: described[1]!, description: described[2]! } : null;
}

export function protocolToDraft(protocol: Protocol, name: string): ProtocolDraft {
  const misfit = (reason: DraftMisfitKey): ProtocolDraft => ({ ok: false, reason });
  if (protocol.inputs !== 1 || protocol.sets.some((set) => set.rows.length !== 2)) return misfit('inputs');
  if (protocol.sets.length === 0 || protocol.sets.length > DRAFT_LIMITS.instructions)
    return misfit('instructions');
  const rowKinds = protocol.sets.flatMap((set) => set.rows.flat().map((v) => getToken(protocol, v)?.kind));
  if (rowKinds.some((kind) => kind !== 'Token')) return misfit('numbers');

  const reactions: DraftReaction[] = [];
  const reactionOf = (result: string): string | null => {
    const token = getToken(protocol, result);
    if (token?.kind !== 'FinalToken') return null;
    const reaction = result.replace(/_$/, '');
    if (!REACTION_NAME_PATTERN.test(reaction) || reaction.length > DRAFT_LIMITS.reactionName) return null;
    if (RESERVED_REACTION_NAMES.some((r) => r.toLowerCase() === reaction.toLowerCase())) return null;
    if (!reactions.some((r) => r.name === reaction)) reactions.push({ name: reaction, description: '' });
    return reaction;
  };

  const facts = [...protocol.context.slice(1)];
  let guardrail: DraftGuardrail | null | undefined;
  const simplified = new Set<'markers' | 'instructionContext'>();
  const instructions: BloomDraft['instructions'] = [];
  for (const set of protocol.sets) {
    if (!INSTRUCTION_NAME_PATTERN.test(set.name) || set.name.length > DRAFT_LIMITS.instructionName)
      return misfit('instructionName');
    if (JSON.stringify(set.rows) !== JSON.stringify(DRAFT_MARKERS)) simplified.add('markers');
    const samples: BloomDraft['instructions'][number]['samples'] = [];
    for (const sample of set.samples) {
      const reaction = reactionOf(sample.result);
      if (reaction === null) return misfit('result');
      const [input, output] = sample.strings as [string, string];
      if (input.length > DRAFT_LIMITS.line || output.length > DRAFT_LIMITS.line) return misfit('tooLong');
      samples.push({ input, output, reaction });
    }
    if (samples.length > DRAFT_LIMITS.samplesPerInstruction) return misfit('tooLong');
    instructions.push({ name: set.name, samples });

    if (set.guardrails.length > 1) return misfit('guardrails');
    const own = set.guardrails[0]
      ? { badOutput: set.guardrails[0].badOutput, badExamples: set.guardrails[0].badExamples }
      : null;
    // One guardrail for every instruction, as the draft writes it.
    if (guardrail !== undefined && !sameGuardrail(guardrail, own)) return misfit('guardrails');
    guardrail = own;
  }
  // Once every reaction is known: "Reaction: description" lines describe it (a draft writes them into every
  // instruction), any other line is a world fact.
  for (const line of protocol.sets.flatMap((set) => set.context)) {
    const described = describedReaction(line);
    const reaction = described ? reactions.find((r) => r.name === described.name) : undefined;
    if (reaction) reaction.description ||= described!.description;
    else if (!facts.includes(line)) {
      facts.push(line);
      simplified.add('instructionContext');
    }
  }

  const description = protocol.context[0] ?? '';
  if (reactions.length > DRAFT_LIMITS.reactions) return misfit('reactions');
  if (
    name.length > DRAFT_LIMITS.name ||
    description.length > DRAFT_LIMITS.description ||
    facts.length > DRAFT_LIMITS.contextLines ||
    facts.some((f) => f.length > DRAFT_LIMITS.contextLine) ||
    reactions.some((r) => r.description.length > DRAFT_LIMITS.reactionDescription) ||
    (guardrail?.badExamples.length ?? 0) > DRAFT_LIMITS.badExamples ||
    (guardrail?.badOutput.length ?? 0) > DRAFT_LIMITS.line ||
    (guardrail?.badExamples ?? []).some((e) => e.length > DRAFT_LIMITS.line)
  )
    return misfit('tooLong');
  return {
    ok: true,
    draft: { name, description, context: facts, reactions, instructions, guardrail: guardrail ?? null },
    simplified: [...simplified],
  };
}
