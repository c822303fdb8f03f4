// The exact text the model sees. The trainer renders samples and guardrails with these functions and the
// engine renders prompts and parses outputs with them, so training and inference cannot drift apart.
// All functions are pure and deterministic. The engine's side is in render-prompt.ts (its input from a user's lines)
// and parse-output.ts (its reading of what the model wrote).
//
// INPUT — one element per line, each line ending in '\n' (so the output starts on a line of its own):
//   <BOS>
//   <key line of input line 0>
//   <string of input line 0>
//   …                                 (every input line: its key line, then its string)
//   <key line of the response line>   (the response string itself is what the model writes)
//   <RUN>
// OUTPUT — the response string, the reaction (final token), <EOS>; no '\n' after <EOS>:
//   <response string>
//   <reaction>
//   <EOS>
// This is the official template's input/output patterns with <string> and number slots filled in; its
// example_usage.instruction_input ends "<RUN>\n" exactly like our input.
//
// KEY LINE: the row's token KEYS joined in order (Tree_ + English_ + Cat_ + Talk_ → Tree_English_Cat_Talk_).
// Number slots are filled right after their token: a NumToken's `<num_MIN_MAX>` becomes the number
// (Emotion_5), a NumListToken's `<num_MIN_MAX_LEN>` the list as '[a, b, c]' — comma and space, the form of
// the official example (Coordinates_[-510, -361, 341]). Numbers print as JavaScript's String(n) (-50, 2.5).
// (The official example generator appends all numbers after the last key; for rows whose num tokens come
// last — as in every official example — that is the same text, and filling the template's slots where
// they stand is the rule for all rows.)
//
// REACTION: the final token's key; for a FinalNumToken, the key immediately followed by the sample's
// value, like a NumToken slot (Madness_ with value 5 → Madness_5) — otherwise the model could never learn
// the value. A guardrail answer is the set's final token followed by `<UNK>_` (Continue_<UNK>_); the
// official `<NON>` edge case becomes `<NON>_<UNK>_`.
//
// LINE BREAKS inside a string (sample string, bad example, bad output, prompt text) become one space each:
// the model reads one line per string.
import { BOS, EOS, GUARDRAIL_MARK, LINE_BREAK, NON, RUN } from './constants.js';
import { MESSAGES, type ProblemKey } from './problems.js';
import {
  FINAL_KINDS,
  getToken,
  type InstructionSet,
  type Protocol,
  type Sample,
  type Token,
} from './protocol.js';

/** A caller asked to render something the protocol does not define; `key`/`params` as in a Problem. */
export class MtpRenderError extends Error {
  readonly key: ProblemKey;
  readonly params: Record<string, unknown>;
  constructor(key: ProblemKey, params: Record<string, unknown> = {}) {
    super(MESSAGES[key](params));
    this.name = 'MtpRenderError';
    this.key = key;
    this.params = params;
  }
}

export interface RenderedText {
  /** What the model reads (ends with "<RUN>\n"). */
  input: string;
  /** What the model must write (ends with "<EOS>"). */
  output: string;
  /** The reaction line of `output` (the final token, with a value or the guardrail mark). */
  reaction: string;
}

/** One string per model line: line breaks become spaces. */
export function toLine(text: string): string {
  return text.replace(/\r\n|\r|\n/g, ' ');
}

export function formatNumber(n: number): string {
  return String(n);
}

/** '[a, b, c]', the official text of a number list. */
export function formatNumberList(list: readonly number[]): string {
  return `[${list.map(formatNumber).join(', ')}]`;
}

/** A num token's template slot: `<num_MIN_MAX>` (NumToken, FinalNumToken) or `<num_MIN_MAX_LEN>` (NumListToken). */
export function numberSlot(token: Token): string {
  const range = `${formatNumber(token.min ?? 0)}_${formatNumber(token.max ?? 0)}`;
  if (token.kind === 'NumListToken') return `<num_${range}_${String(token.length ?? 0)}>`;
  if (token.kind === 'NumToken' || token.kind === 'FinalNumToken') return `<num_${range}>`;
  return '';
}

/** The set's index (and name) for a problem's message. */
export const setCtx = (set: InstructionSet) =>
  set.named ? { set: set.index, setName: set.name } : { set: set.index };

export function requireToken(protocol: Protocol, set: InstructionSet, value: string): Token {
  const token = getToken(protocol, value);
  if (!token) throw new MtpRenderError('mtp.unknownToken', { ...setCtx(set), token: value });
  return token;
}

function requireSet(protocol: Protocol, setIndex: number): InstructionSet {
  const set = Number.isInteger(setIndex) ? protocol.sets[setIndex] : undefined;
  if (!set) throw new MtpRenderError('mtp.unknownSet', { set: setIndex });
  return set;
}

/** The key line's template pattern: keys with their slots (`Tree_English_Alice_Talk_Emotion_<num_0_10>`). */
export function keyLinePattern(protocol: Protocol, set: InstructionSet, line: number): string {
  return (set.rows[line] ?? [])
    .map((value) => {
      const token = requireToken(protocol, set, value);
      return token.key + numberSlot(token);
    })
    .join('');
}

function checkRange(set: InstructionSet, token: Token, n: number) {
  if (token.min !== null && token.max !== null && (n < token.min || n > token.max)) {
    throw new MtpRenderError('mtp.numberOutOfRange', {
      ...setCtx(set),
      token: token.value,
      value: n,
      min: token.min,
      max: token.max,
    });
  }
}

/** A key line with its slots filled from the line's numbers and number lists (consumed in row order). */
function renderKeyLine(
  protocol: Protocol,
  set: InstructionSet,
  line: number,
  numbers: readonly number[],
  numberLists: readonly (readonly number[])[],
): string {
  const row = set.rows[line] ?? [];
  const tokens = row.map((value) => requireToken(protocol, set, value));
  const numTokens = tokens.filter((t) => t.kind === 'NumToken').length;
  const listTokens = tokens.filter((t) => t.kind === 'NumListToken').length;
  if (numbers.length !== numTokens) {
    throw new MtpRenderError('mtp.numbersCount', {
      ...setCtx(set),
      line,
      expected: numTokens,
      count: numbers.length,
    });
  }
  if (numberLists.length !== listTokens) {
    throw new MtpRenderError('mtp.numberListsCount', {
      ...setCtx(set),
      line,
      expected: listTokens,
      count: numberLists.length,
    });
  }
  let nextNumber = 0;
  let nextList = 0;
  return tokens
    .map((token) => {
      if (token.kind === 'NumToken') {
        const n = numbers[nextNumber++]!;
        checkRange(set, token, n);
        return token.key + formatNumber(n);
      }
      if (token.kind === 'NumListToken') {
        const list = numberLists[nextList++]!;
        if (token.length !== null && list.length !== token.length) {
          throw new MtpRenderError('mtp.numberListLength', {
            ...setCtx(set),
            token: token.value,
            expected: token.length,
            length: list.length,
          });
        }
        list.forEach((n) => checkRange(set, token, n));
        return token.key + formatNumberList(list);
      }
      return token.key;
    })
    .join('');
}

/** One line's values: its string, its NumTokens' numbers and its NumListTokens' lists. */
export interface LineValues {
  text: string;
  numbers: readonly number[];
  numberLists: readonly (readonly number[])[];
}

/** The input text from the input lines' values and the response line's numbers. */
export function renderInput(
  protocol: Protocol,
  set: InstructionSet,
  inputs: LineValues[],
  response: Omit<LineValues, 'text'>,
) {
  const last = set.rows.length - 1;
  const lines: string[] = [BOS];
  inputs.forEach((v, line) => {
    lines.push(renderKeyLine(protocol, set, line, v.numbers, v.numberLists), toLine(v.text));
  });
  lines.push(renderKeyLine(protocol, set, last, response.numbers, response.numberLists), RUN);
  return lines.join(LINE_BREAK) + LINE_BREAK;
}

/** The output text: response, reaction, <EOS>. */
function renderOutput(response: string, reaction: string): string {
  return [toLine(response), reaction, EOS].join(LINE_BREAK);
}

function finalToken(protocol: Protocol, set: InstructionSet, value: string): Token {
  const token = requireToken(protocol, set, value);
  if (!FINAL_KINDS.includes(token.kind)) {
    throw new MtpRenderError('mtp.resultNotFinal', { ...setCtx(set), token: value, kind: token.kind });
  }
  return token;
}

/** The reaction line of a sample: the result's key, and a FinalNumToken's value right after it. */
export function sampleReaction(protocol: Protocol, set: InstructionSet, sample: Sample): string {
  const token = finalToken(protocol, set, sample.result);
  if (token.kind !== 'FinalNumToken') return token.key;
  if (typeof sample.value !== 'number') {
    throw new MtpRenderError('mtp.finalValueMissing', { ...setCtx(set), token: token.value });
  }
  checkRange(set, token, sample.value);
  return token.key + formatNumber(sample.value);
}

/** The reaction line of a guardrail answer for a final token key: `Continue_<UNK>_` (`<NON>_<UNK>_`). */
export function guardrailReaction(finalKey: string): string {
  // The official generator turns a bare <NON> into <NON>_ before the mark, so the mark stays a suffix.
  return (finalKey === NON ? `${NON}_` : finalKey) + GUARDRAIL_MARK;
}

function sampleLines(set: InstructionSet, sample: Sample): LineValues[] {
  if (sample.strings.length !== set.rows.length) {
    throw new MtpRenderError('mtp.stringsPerLine', {
      ...setCtx(set),
      expected: set.rows.length,
      count: sample.strings.length,
    });
  }
  return sample.strings.map((text, line) => ({
    text,
    numbers: sample.numbers[line] ?? [],
    numberLists: sample.numberLists[line] ?? [],
  }));
}

/** A training sample of set `setIndex` as the model sees it. */
export function renderSample(protocol: Protocol, setIndex: number, sample: Sample): RenderedText {
  const set = requireSet(protocol, setIndex);
  const lines = sampleLines(set, sample);
  const response = lines.pop()!;
  const reaction = sampleReaction(protocol, set, sample);
  return {
    input: renderInput(protocol, set, lines, response),
    output: renderOutput(response.text, reaction),
    reaction,
  };
}

export interface GuardrailRenderOptions {
  /** Which of the set's guardrails (position in `guardrails`); default 0. */
  guardrail?: number;
  /** The sample whose other lines (and numbers) surround the bad example; default 0. */
  sample?: number;
  /** The final token value before `<UNK>_`; default the set's first final token. */
  finalToken?: string;
}

/**
 * A guardrail training example: a sample of the set with the guarded input line replaced by the bad
 * example; the model must answer the guardrail's `bad_output` and the final token followed by `<UNK>_`.
 */
export function renderGuardrail(
  protocol: Protocol,
  setIndex: number,
  badExample: string,
  options: GuardrailRenderOptions = {},
): RenderedText {
  const set = requireSet(protocol, setIndex);
  const g = options.guardrail ?? 0;
  const guardrail = set.guardrails[g];
  if (!guardrail) throw new MtpRenderError('mtp.unknownGuardrail', { ...setCtx(set), guardrail: g });
  const s = options.sample ?? 0;
  const base = set.samples[s];
  if (!base) throw new MtpRenderError('mtp.unknownSample', { ...setCtx(set), sample: s });

  const lines = sampleLines(set, base);
  const response = lines.pop()!;
  const guarded = lines[guardrail.line];
  if (!guarded)
    throw new MtpRenderError('mtp.guardrailLine', {
      ...setCtx(set),
      index: guardrail.line,
      maxIndex: lines.length - 1,
    });
  lines[guardrail.line] = { ...guarded, text: badExample };

  const final = finalToken(protocol, set, options.finalToken ?? set.finalTokens[0] ?? NON);
  const reaction = guardrailReaction(final.key);
  return {
    input: renderInput(protocol, set, lines, response),
    output: renderOutput(guardrail.badOutput, reaction),
    reaction,
  };
}
