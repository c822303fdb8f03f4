// The agent's instructions, read from its template.json (MTP template 2.1.0, written by @greenhouse/mtp's
// buildTemplate), and the exact prompt text the model was trained on — the same text as mtp's renderPrompt
// (tested), without depending on @greenhouse/mtp:
//
//   <BOS>\n  then per input line: <key line, number slots filled>\n<text, line breaks as spaces>\n
//   then <response key line, slots filled>\n<RUN>\n
//
// A key line pattern is the row's token keys with a slot after each number token: `<num_MIN_MAX>` takes one
// number (printed as String(n)), `<num_MIN_MAX_LEN>` a list of LEN numbers printed '[a, b, c]'.
// The model answers "<response>\n<reaction>\n<EOS>"; parseOutput reads it as mtp's parseOutput does.
import { FloraError } from './errors.js';

export interface NumberSlot {
  min: number;
  max: number;
  /** Set for a number list: how many numbers it takes. */
  length?: number;
}

export interface InputLineInfo {
  /** The key line's pattern, e.g. `Tree_English_Alice_Talk_Emotion_<num_0_10>`. */
  key: string;
  numberSlots: NumberSlot[];
  /** How many numbers the line takes (one per plain slot, `length` per list slot). */
  numbers: number;
}

export interface InstructionInfo {
  name: string;
  /** The lines the user types, in order. */
  inputs: InputLineInfo[];
  /** The key line of the model's answer (its number slots, if any, come from `responseNumbers`). */
  response: InputLineInfo;
  /** The reaction lines the template lists for this instruction (final token keys; `…<UNK>_` for guardrails). */
  reactions: string[];
  /** The same reactions, read: their names and whether each is a refusal or takes a number. */
  reactionDetails: ReactionDetail[];
}

export interface ReactionDetail {
  /** The reaction line as the template lists it (a FinalNumToken's key without its number). */
  line: string;
  /** The final token's name: its value in the protocol (encrypted and emoji keys resolved). */
  name: string;
  /** A guardrail answer (`…<UNK>_`): the agent refuses. */
  refused: boolean;
  /** A FinalNumToken: the model writes a number right after the key. */
  number: boolean;
}

const GUARDRAIL_MARK = '<UNK>_';
const NON = '<NON>';

const SLOT_NUMBER = '-?\\d+(?:\\.\\d+)?(?:e[-+]?\\d+)?';
const SLOT_RE = new RegExp(`<num_(${SLOT_NUMBER})_(${SLOT_NUMBER})(?:_(\\d+))?>`, 'g');

const BOS = '<BOS>';
const RUN = '<RUN>';
const EOS = '<EOS>';
const LINE_BREAK = '\n';
const STRING = '<string>';

function lineInfo(key: string): InputLineInfo {
  const numberSlots: NumberSlot[] = [];
  for (const m of key.matchAll(SLOT_RE)) {
    const slot: NumberSlot = { min: Number(m[1]), max: Number(m[2]) };
    if (m[3] !== undefined) slot.length = Number(m[3]);
    numberSlots.push(slot);
  }
  return { key, numberSlots, numbers: numberSlots.reduce((n, s) => n + (s.length ?? 1), 0) };
}

interface TemplateFile {
  instructions?: Record<string, { input?: unknown; output?: unknown }>;
  tokens?: { output?: Record<string, unknown> };
}

/**
 * A reaction line's name and kind: the template's `tokens.output` maps each final token's name to its key;
 * `numberKeys` are the FinalNumTokens' keys (the manifest's `reactionNumbers`; older agent files have none).
 */
function reactionDetail(
  line: string,
  nameOfKey: ReadonlyMap<string, string>,
  numberKeys: ReadonlySet<string>,
): ReactionDetail {
  const refused = line.endsWith(GUARDRAIL_MARK) && line !== GUARDRAIL_MARK;
  let key = refused ? line.slice(0, -GUARDRAIL_MARK.length) : line;
  if (refused && key === `${NON}_`) key = NON;
  return { line, name: nameOfKey.get(key) ?? key, refused, number: !refused && numberKeys.has(key) };
}

/** The instructions of template.json (text); a FloraError `damaged` when they cannot be read. */
export function readInstructions(
  text: string,
  numberKeys: ReadonlySet<string> = new Set(),
): InstructionInfo[] {
  const bad = (why: string) => new FloraError('damaged', `agent file: template.json ${why}`);
  let json: TemplateFile;
  try {
    json = JSON.parse(text) as TemplateFile;
  } catch {
    throw bad('is not JSON');
  }
  if (typeof json?.instructions !== 'object' || json.instructions === null) throw bad('has no instructions');
  const nameOfKey = new Map<string, string>();
  for (const [name, key] of Object.entries(json.tokens?.output ?? {}))
    if (typeof key === 'string' && !nameOfKey.has(key)) nameOfKey.set(key, name);
  return Object.entries(json.instructions).map(([name, instruction]) => {
    const input = instruction?.input;
    const output = instruction?.output;
    if (!Array.isArray(input) || !input.every((p) => typeof p === 'string') || input.length < 3)
      throw bad(`: instruction ${JSON.stringify(name)} has no input patterns`);
    const patterns = input as string[];
    if (patterns[0] !== BOS + LINE_BREAK || patterns.at(-1) !== RUN)
      throw bad(`: instruction ${JSON.stringify(name)} does not start with <BOS> and end with <RUN>`);
    const suffix = LINE_BREAK + STRING + LINE_BREAK;
    const lines = patterns.slice(1, -2).map((p) => {
      if (!p.endsWith(suffix))
        throw bad(`: instruction ${JSON.stringify(name)} has a bad input line ${JSON.stringify(p)}`);
      return lineInfo(p.slice(0, -suffix.length));
    });
    const responsePattern = patterns.at(-2)!;
    if (!responsePattern.endsWith(LINE_BREAK) || responsePattern.includes(STRING))
      throw bad(`: instruction ${JSON.stringify(name)} has a bad response line`);
    const reactions = Array.isArray(output)
      ? [
          ...new Set(
            output
              .filter((o): o is string => typeof o === 'string')
              .map((o) => o.split(LINE_BREAK))
              .filter((l) => l.length >= 3 && l.at(-1) === EOS)
              .map((l) => l.at(-2)!),
          ),
        ]
      : [];
    if (reactions.length === 0) throw bad(`: instruction ${JSON.stringify(name)} lists no reactions`);
    return {
      name,
      inputs: lines,
      response: lineInfo(responsePattern.slice(0, -1)),
      reactions,
      reactionDetails: reactions.map((r) => reactionDetail(r, nameOfKey, numberKeys)),
    };
  });
}

/** One string per model line: line breaks become spaces (mtp's toLine). */
export const toLine = (text: string) => text.replace(/\r\n|\r|\n/g, ' ');

/** A key line with its slots filled from `numbers`; FloraError `bad_input` on a wrong count or range. */
function fillKeyLine(
  instruction: string,
  line: InputLineInfo,
  numbers: readonly number[],
  where: string,
): string {
  if (!Array.isArray(numbers) || numbers.length !== line.numbers)
    throw new FloraError(
      'bad_input',
      `${where} of ${JSON.stringify(instruction)} takes ${line.numbers} number(s), got ${Array.isArray(numbers) ? numbers.length : 'none'}`,
    );
  let at = 0;
  let slot = 0;
  return line.key.replace(SLOT_RE, () => {
    const s = line.numberSlots[slot++]!;
    const take = numbers.slice(at, at + (s.length ?? 1));
    at += take.length;
    for (const n of take) {
      if (typeof n !== 'number' || !Number.isFinite(n))
        throw new FloraError(
          'bad_input',
          `${where} of ${JSON.stringify(instruction)}: ${String(n)} is not a number`,
        );
      if (n < s.min || n > s.max)
        throw new FloraError(
          'bad_input',
          `${where} of ${JSON.stringify(instruction)}: ${n} is outside ${s.min}…${s.max}`,
        );
    }
    return s.length === undefined ? String(take[0]) : `[${take.map(String).join(', ')}]`;
  });
}

export interface PromptInput {
  text: string;
  numbers?: number[];
}

/** The model's input text for `instruction` (see the layout above). */
export function renderPrompt(
  instructions: readonly InstructionInfo[],
  name: string,
  inputs: readonly PromptInput[],
  responseNumbers: readonly number[] = [],
): string {
  const instruction = instructions.find((i) => i.name === name);
  if (!instruction)
    throw new FloraError(
      'unknown_instruction',
      `no instruction ${JSON.stringify(name)}; this agent has ${instructions.map((i) => JSON.stringify(i.name)).join(', ')}`,
    );
  if (!Array.isArray(inputs) || inputs.length !== instruction.inputs.length)
    throw new FloraError(
      'bad_input',
      `${JSON.stringify(name)} takes ${instruction.inputs.length} input line(s), got ${Array.isArray(inputs) ? inputs.length : 'none'}`,
    );
  const lines = [BOS];
  instruction.inputs.forEach((line, k) => {
    const input = inputs[k];
    if (typeof input?.text !== 'string')
      throw new FloraError('bad_input', `input line ${k + 1} of ${JSON.stringify(name)} has no text`);
    lines.push(fillKeyLine(name, line, input.numbers ?? [], `input line ${k + 1}`), toLine(input.text));
  });
  lines.push(fillKeyLine(name, instruction.response, responseNumbers, 'the response line'), RUN);
  return lines.join(LINE_BREAK) + LINE_BREAK;
}

/** The response and reaction of the model's text (up to, without, <EOS>), as mtp's parseOutput reads them. */
export function parseOutput(text: string): { output: string; reaction: string | null } {
  const eos = text.indexOf(EOS);
  const body = (eos >= 0 ? text.slice(0, eos) : text).replace(/^(\r?\n)+/, '').replace(/(\r?\n)+$/, '');
  const lines = body.split(/\r?\n/);
  if (lines.length < 2) return { output: lines[0] ?? '', reaction: null };
  const reaction = lines.pop()!.trim();
  return { output: lines.join(LINE_BREAK), reaction: reaction || null };
}
