// The agent DRAFT: the simplified, human-sized form of a protocol that the chat designer builds turn by
// turn (and the user edits directly): a name, a description, world facts, reactions, example exchanges
// per reaction and what the agent must refuse. `draftGaps` says what is still missing before it can be
// trained; `draftToProtocolFile` turns a complete draft into a v2.0.1 protocol file, which the server
// then checks with `parseProtocol` like any upload.
//
// The protocol built from a draft has one input line per instruction (what someone says to the agent)
// and one response line (what the agent answers), followed by the reaction's final token.
//
// A designer may also OFFER new phrasings of what someone says, per reaction (`offers` of an instruction):
// they wait in the draft for the user to keep or drop each, and never reach a protocol unseen —
// `draftToProtocolFile` leaves them out. Keeping one makes it a sample of its reaction (`keepOffers`).
import * as z from 'zod/mini';
import { MAX_PROTOCOL_NAME_LENGTH, MIN_BAD_EXAMPLES, MIN_SAMPLES_PER_RESULT } from './constants.js';
import { parseProtocol } from './parse.js';

export const DRAFT_LIMITS = {
  name: 64,
  description: 400,
  contextLine: 300,
  contextLines: 20,
  reactions: 10,
  reactionName: 24,
  reactionDescription: 200,
  instructions: 3,
  instructionName: 40,
  samplesPerInstruction: 300,
  /** Pending phrasings offered per instruction (the designers offer about ten per reaction). */
  offersPerInstruction: 200,
  line: 256,
  badExamples: 30,
} as const;

/** A reaction's name: it becomes the final token `<Name>_`, so letters and digits only. */
export const REACTION_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9]*$/;
/** An instruction's name: the engine's instruction name (`flora run`, the playground). */
export const INSTRUCTION_NAME_PATTERN = /^[a-z][a-z0-9_]*$/;
/** The tokens of the two lines; reactions may not take these names. */
const INPUT_TOKEN = 'Heard_';
const RESPONSE_TOKEN = 'Reply_';
export const RESERVED_REACTION_NAMES = ['Heard', 'Reply'] as const;

// zod/mini, like every schema the web app reaches (its draft form extends these). The issues carry no messages
// of their own: the web form gives them its texts through an error map (apps/web draft-form.ts), and the server,
// which loads classic zod, gets zod's English ones.
const line = z.string().check(z.trim(), z.minLength(1), z.maxLength(DRAFT_LIMITS.line));
const reactionName = z
  .string()
  .check(z.trim(), z.maxLength(DRAFT_LIMITS.reactionName), z.regex(REACTION_NAME_PATTERN));

export const draftSampleSchema = z.object({
  /** What someone says to the agent. */
  input: line,
  /** What the agent answers. */
  output: line,
  /** The reaction's name. */
  reaction: reactionName,
});
export type DraftSample = z.infer<typeof draftSampleSchema>;

export const draftReactionSchema = z.object({
  name: reactionName,
  /** When the agent reacts this way (it becomes a context line of the instructions). */
  description: z._default(z.string().check(z.trim(), z.maxLength(DRAFT_LIMITS.reactionDescription)), ''),
});
export type DraftReaction = z.infer<typeof draftReactionSchema>;

/** A phrasing a designer offers: something someone might say, for one reaction; not used unless kept. */
export const draftOfferSchema = z.object({
  /** The reaction's name. */
  reaction: reactionName,
  /** What someone says (it becomes a sample's input when kept). */
  input: line,
});
export type DraftOffer = z.infer<typeof draftOfferSchema>;

export const draftInstructionSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1),
      z.maxLength(DRAFT_LIMITS.instructionName),
      z.regex(INSTRUCTION_NAME_PATTERN),
    ),
  samples: z.array(draftSampleSchema).check(z.maxLength(DRAFT_LIMITS.samplesPerInstruction)),
  /** Phrasings offered for the user's review (absent in drafts made before offers, and when none wait). */
  offers: z.optional(z.array(draftOfferSchema).check(z.maxLength(DRAFT_LIMITS.offersPerInstruction))),
});
export type DraftInstruction = z.infer<typeof draftInstructionSchema>;

export const draftGuardrailSchema = z.object({
  /** The fixed answer to anything off topic. */
  badOutput: z.string().check(z.trim(), z.maxLength(DRAFT_LIMITS.line)),
  /** Things people might say that the agent must refuse. */
  badExamples: z.array(line).check(z.maxLength(DRAFT_LIMITS.badExamples)),
});
export type DraftGuardrail = z.infer<typeof draftGuardrailSchema>;

export const bloomDraftSchema = z.object({
  /** '' until chosen. */
  name: z.string().check(z.trim(), z.maxLength(DRAFT_LIMITS.name)),
  /** What the agent is and who talks to it; '' until given. */
  description: z.string().check(z.trim(), z.maxLength(DRAFT_LIMITS.description)),
  /** Facts about the world it lives in, one sentence each. */
  context: z
    .array(z.string().check(z.trim(), z.minLength(1), z.maxLength(DRAFT_LIMITS.contextLine)))
    .check(z.maxLength(DRAFT_LIMITS.contextLines)),
  reactions: z.array(draftReactionSchema).check(z.maxLength(DRAFT_LIMITS.reactions)),
  instructions: z.array(draftInstructionSchema).check(z.minLength(1), z.maxLength(DRAFT_LIMITS.instructions)),
  /** What it must refuse; null when not (yet) given. */
  guardrail: z.nullable(draftGuardrailSchema),
});
export type BloomDraft = z.infer<typeof bloomDraftSchema>;

export const DEFAULT_INSTRUCTION = 'talk';

export function emptyDraft(): BloomDraft {
  return {
    name: '',
    description: '',
    context: [],
    reactions: [],
    instructions: [{ name: DEFAULT_INSTRUCTION, samples: [] }],
    guardrail: null,
  };
}

/** What a draft still lacks; the keys are stable (the web app translates them). */
export type DraftGap =
  | { key: 'name' }
  | { key: 'description' }
  | { key: 'reactions' }
  | { key: 'duplicateReaction'; reaction: string }
  | { key: 'reservedReaction'; reaction: string }
  | { key: 'reactionExamples'; reaction: string; count: number; minimum: number }
  /** Once per instruction and undeclared reaction: how many samples use it, and the first ones' inputs. */
  | { key: 'unknownReaction'; reaction: string; instruction: string; count: number; examples: string }
  | { key: 'duplicateInstruction'; instruction: string }
  | { key: 'instructionSamples'; instruction: string; minimum: number }
  | { key: 'guardrailOutput' }
  | { key: 'guardrailExamples'; count: number; minimum: number }
  | { key: 'guardrailDigits'; example: string }
  /** A problem only the protocol check finds (e.g. a reserved marker in a text), with its key and params. */
  | { key: 'protocol'; message: string; problem: string; params: Record<string, unknown> };

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The sample inputs an unknownReaction gap names (then "…"). */
const UNKNOWN_REACTION_EXAMPLES = 3;

// ---- offered phrasings ------------------------------------------------------------------------------

/** A phrasing as compared for repeats: lowercase letters and digits, runs of anything else as one space. */
export function phrasingKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The instruction with these offers (the key left out when there are none, as in drafts made before offers). */
function withOffers(instruction: DraftInstruction, offers: DraftOffer[]): DraftInstruction {
  const { offers: _before, ...rest } = instruction;
  return offers.length > 0 ? { ...rest, offers } : rest;
}

/** The offers waiting in an instruction. */
export const pendingOffers = (instruction: DraftInstruction): DraftOffer[] => instruction.offers ?? [];

/** How many offers wait in the whole draft. */
export const pendingOfferCount = (draft: BloomDraft): number =>
  draft.instructions.reduce((n, instruction) => n + pendingOffers(instruction).length, 0);

/**
 * Adds offered phrasings to an instruction: trimmed, each at most once, never one that repeats a sample's
 * input or a waiting offer (compared by `phrasingKey`), and no more than the instruction takes. Returns the
 * instruction and the offers added.
 */
export function addOffers(
  instruction: DraftInstruction,
  offers: readonly DraftOffer[],
): { instruction: DraftInstruction; added: DraftOffer[] } {
  const pending = pendingOffers(instruction);
  const seen = new Set(
    [...instruction.samples.map((s) => s.input), ...pending.map((o) => o.input)].map(phrasingKey),
  );
  const added: DraftOffer[] = [];
  for (const offer of offers) {
    const input = offer.input.trim().replace(/\s+/g, ' ');
    const key = phrasingKey(input);
    if (!key || input.length > DRAFT_LIMITS.line || seen.has(key)) continue;
    if (pending.length + added.length >= DRAFT_LIMITS.offersPerInstruction) break;
    seen.add(key);
    added.push({ reaction: offer.reaction.trim(), input });
  }
  return { instruction: withOffers(instruction, [...pending, ...added]), added };
}

/** The distinct answers of a reaction's samples in an instruction, in order: what a kept offer answers with. */
export function reactionOutputs(instruction: DraftInstruction, reaction: string): string[] {
  const outputs = instruction.samples
    .filter((s) => sameName(s.reaction, reaction))
    .map((s) => s.output.trim())
    .filter(Boolean);
  return [...new Set(outputs)];
}

/** Whether the offer can be kept now: its reaction has an answer to reuse and the instruction has room. */
export function canKeepOffer(instruction: DraftInstruction, offer: DraftOffer): boolean {
  return (
    reactionOutputs(instruction, offer.reaction).length > 0 &&
    instruction.samples.length < DRAFT_LIMITS.samplesPerInstruction
  );
}

/**
 * Keeps the offers at these positions: each becomes a sample of its reaction, answered with one of that
 * reaction's own sample answers — taken in turn (the reaction's n-th sample gets answer n modulo their
 * number), so the answers stay as varied as the user's. An offer that cannot be kept (`canKeepOffer`) stays
 * where it is; the others leave the offers.
 */
export function keepOffers(instruction: DraftInstruction, positions: readonly number[]): DraftInstruction {
  const chosen = new Set(positions);
  const samples = [...instruction.samples];
  const remaining: DraftOffer[] = [];
  pendingOffers(instruction).forEach((offer, position) => {
    const outputs = reactionOutputs(instruction, offer.reaction);
    if (
      !chosen.has(position) ||
      outputs.length === 0 ||
      samples.length >= DRAFT_LIMITS.samplesPerInstruction
    ) {
      remaining.push(offer);
      return;
    }
    const n = samples.filter((s) => sameName(s.reaction, offer.reaction)).length;
    const reaction = samples.find((s) => sameName(s.reaction, offer.reaction))?.reaction ?? offer.reaction;
    samples.push({ input: offer.input, output: outputs[n % outputs.length]!, reaction });
  });
  return withOffers({ ...instruction, samples }, remaining);
}

/** Drops the offers at these positions. */
export function dropOffers(instruction: DraftInstruction, positions: readonly number[]): DraftInstruction {
  const chosen = new Set(positions);
  return withOffers(
    instruction,
    pendingOffers(instruction).filter((_, position) => !chosen.has(position)),
  );
}

/** Everything that keeps the draft from being trained, in the order a user would fix it; [] when complete. */
export function draftGaps(draft: BloomDraft): DraftGap[] {
  const gaps: DraftGap[] = [];
  if (!draft.name) gaps.push({ key: 'name' });
  if (!draft.description) gaps.push({ key: 'description' });
  if (draft.reactions.length === 0) gaps.push({ key: 'reactions' });
  const seen = new Set<string>();
  for (const reaction of draft.reactions) {
    const lower = reaction.name.toLowerCase();
    if (seen.has(lower)) gaps.push({ key: 'duplicateReaction', reaction: reaction.name });
    seen.add(lower);
    if (RESERVED_REACTION_NAMES.some((r) => sameName(r, reaction.name)))
      gaps.push({ key: 'reservedReaction', reaction: reaction.name });
  }
  const instructionNames = new Set<string>();
  for (const instruction of draft.instructions) {
    if (instructionNames.has(instruction.name))
      gaps.push({ key: 'duplicateInstruction', instruction: instruction.name });
    instructionNames.add(instruction.name);
    // Samples of a reaction the draft does not declare (one removed, say): one gap per reaction, naming them.
    const undeclared = new Map<string, { reaction: string; inputs: string[] }>();
    for (const sample of instruction.samples) {
      if (draft.reactions.some((r) => sameName(r.name, sample.reaction))) continue;
      const lower = sample.reaction.toLowerCase();
      const entry = undeclared.get(lower) ?? { reaction: sample.reaction, inputs: [] };
      undeclared.set(lower, entry);
      entry.inputs.push(sample.input);
    }
    for (const { reaction, inputs } of undeclared.values())
      gaps.push({
        key: 'unknownReaction',
        reaction,
        instruction: instruction.name,
        count: inputs.length,
        examples: [
          ...inputs.slice(0, UNKNOWN_REACTION_EXAMPLES),
          ...(inputs.length > UNKNOWN_REACTION_EXAMPLES ? ['…'] : []),
        ].join(' / '),
      });
    if (instruction.samples.length === 0)
      gaps.push({
        key: 'instructionSamples',
        instruction: instruction.name,
        minimum: MIN_SAMPLES_PER_RESULT,
      });
  }
  // Every reaction needs examples in the instructions that use it (the protocol's per-result minimum);
  // one with none at all must get some, or the model could never learn it.
  for (const reaction of draft.reactions) {
    const counts = draft.instructions
      .map((i) => i.samples.filter((s) => sameName(s.reaction, reaction.name)).length)
      .filter((n) => n > 0);
    const count = counts.length === 0 ? 0 : Math.min(...counts);
    if (count < MIN_SAMPLES_PER_RESULT)
      gaps.push({ key: 'reactionExamples', reaction: reaction.name, count, minimum: MIN_SAMPLES_PER_RESULT });
  }
  if (draft.guardrail) {
    const { badOutput, badExamples } = draft.guardrail;
    if (badExamples.length > 0 || badOutput) {
      if (!badOutput) gaps.push({ key: 'guardrailOutput' });
      if (badExamples.length < MIN_BAD_EXAMPLES)
        gaps.push({ key: 'guardrailExamples', count: badExamples.length, minimum: MIN_BAD_EXAMPLES });
      const withDigits = badExamples.find((e) => /\d/.test(e));
      if (withDigits) gaps.push({ key: 'guardrailDigits', example: withDigits });
    }
  }
  if (gaps.length > 0) return gaps;
  // Structurally complete: the protocol check has the last word (reserved markers in texts, …).
  const parsed = parseProtocol(draftToProtocolFile(draft));
  return parsed.ok
    ? []
    : parsed.problems.map((p) => ({
        key: 'protocol' as const,
        message: p.message,
        problem: p.key,
        params: p.params,
      }));
}

const tokenOf = (reaction: string) => `${reaction}_`;

/** A plain token's entry of a protocol file's `tokens` (no number range, no list). */
export function tokenEntry(key: string, type: string, special: string | null = null) {
  return {
    desc: null,
    key,
    length: null,
    max_value: null,
    min_value: null,
    num: false,
    num_list: 0,
    special,
    type,
  };
}

/** Latin letters without their diacritics (ż → z, ł → l): token keys and file names are ASCII. */
export function withoutDiacritics(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L');
}

/** A protocol file name: the draft's name with anything but letters, digits, dots and underscores replaced. */
export function protocolNameOf(name: string): string {
  const slug = withoutDiacritics(name)
    .replace(/[^A-Za-z0-9._]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return (slug || 'agent').slice(0, MAX_PROTOCOL_NAME_LENGTH);
}

/**
 * The v2.0.1 protocol file of a draft (meant for a draft without gaps; a draft with gaps gives a file
 * that `parseProtocol` refuses). Reaction names are matched case-insensitively and written as declared.
 * Offered phrasings that wait for the user's decision are not part of it: only samples are.
 */
export function draftToProtocolFile(draft: BloomDraft): Record<string, unknown> {
  const declared = (name: string) => draft.reactions.find((r) => sameName(r.name, name))?.name ?? name;
  const tokens: Record<string, ReturnType<typeof tokenEntry>> = {
    '<BOS>': tokenEntry('<BOS>', 'SpecialToken', 'start'),
    '<EOS>': tokenEntry('<EOS>', 'SpecialFinalToken', 'end'),
    '<NON>': tokenEntry('<NON>', 'SpecialFinalToken', 'none'),
    '<PAD>': tokenEntry('<PAD>', 'SpecialToken', 'pad'),
    '<RUN>': tokenEntry('<RUN>', 'SpecialToken', 'infer'),
    '<UNK>': tokenEntry('<UNK>', 'SpecialToken', 'unknown'),
    [INPUT_TOKEN]: tokenEntry(INPUT_TOKEN, 'Token'),
    [RESPONSE_TOKEN]: tokenEntry(RESPONSE_TOKEN, 'Token'),
  };
  for (const reaction of draft.reactions)
    tokens[tokenOf(reaction.name)] = tokenEntry(tokenOf(reaction.name), 'FinalToken');
  const reactionContext = draft.reactions
    .filter((r) => r.description)
    .map((r) => `${r.name}: ${r.description}`);
  const guardrail = draft.guardrail;
  const guardrails =
    guardrail && guardrail.badOutput && guardrail.badExamples.length > 0
      ? [
          {
            index: 0,
            good_prompt:
              `Something said to ${draft.name || 'the agent'}, on topic: ${draft.description}`.slice(0, 500),
            bad_prompt: `Something off topic for ${draft.name || 'the agent'}, which it must refuse`,
            bad_output: guardrail.badOutput,
            bad_examples: guardrail.badExamples,
          },
        ]
      : [];
  return {
    $schema: 'https://mtp.schemas.databiomes.com/v2/bloom_2_0_1.json',
    name: protocolNameOf(draft.name),
    inputs: 1,
    model_type: 'generative',
    encrypted: false,
    valid: true,
    context: [draft.description, ...draft.context].filter((l) => l !== ''),
    tokens,
    special_tokens: Object.keys(tokens).filter((k) => k.startsWith('<')),
    instruction: {
      memory: 2,
      sets: draft.instructions.map((instruction) => ({
        name: instruction.name,
        set: [[INPUT_TOKEN], [RESPONSE_TOKEN]],
        context: reactionContext,
        guardrails,
        ppo: [],
        samples: instruction.samples.map((s) => ({
          strings: [s.input, s.output],
          numbers: [],
          number_lists: [],
          result: tokenOf(declared(s.reaction)),
          prompt: null,
          value: null,
        })),
      })),
    },
  };
}
