// The engine's reading of what the model wrote (render.ts's OUTPUT layout): the response, the reaction line, and
// which final token (and value) the reaction names.
import { EOS, GUARDRAIL_MARK, LINE_BREAK, NON } from './constants.js';
import { FINAL_KINDS, type Protocol } from './protocol.js';

export interface ParsedOutput {
  /** The response text (lines before the reaction). */
  output: string;
  /** The reaction line ('' when the text has fewer than two lines). */
  reaction: string;
  /** Whether the reaction carries the guardrail mark `<UNK>_`. */
  guardrail: boolean;
  /** Whether the model finished (<EOS> seen); text after <EOS> is ignored. */
  complete: boolean;
}

/** The engine's reading of what the model wrote after the input (see the OUTPUT layout above). */
export function parseOutput(text: string): ParsedOutput {
  const eos = text.indexOf(EOS);
  const complete = eos >= 0;
  const body = (complete ? text.slice(0, eos) : text).replace(/^(\r?\n)+/, '').replace(/(\r?\n)+$/, '');
  const lines = body.split(/\r?\n/);
  if (lines.length < 2) return { output: lines[0] ?? '', reaction: '', guardrail: false, complete };
  const reaction = lines.pop()!.trim();
  return { output: lines.join(LINE_BREAK), reaction, guardrail: reaction.endsWith(GUARDRAIL_MARK), complete };
}

export interface Reaction {
  /** The final token's value (a key of `protocol.tokens`). */
  token: string;
  /** A FinalNumToken's number, else null. */
  value: number | null;
  guardrail: boolean;
}

const NUMBER_TEXT_RE = /^-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?$/;

/** Which final token (and value) a reaction line names; null when it names none of the protocol's. */
export function parseReaction(protocol: Protocol, reaction: string): Reaction | null {
  const guardrail = reaction.endsWith(GUARDRAIL_MARK);
  let rest = guardrail ? reaction.slice(0, -GUARDRAIL_MARK.length) : reaction;
  if (guardrail && rest === `${NON}_`) rest = NON;
  let best: Reaction | null = null;
  let bestLength = -1;
  for (const token of Object.values(protocol.tokens)) {
    if (!FINAL_KINDS.includes(token.kind) || !rest.startsWith(token.key) || token.key.length <= bestLength)
      continue;
    const tail = rest.slice(token.key.length);
    // A FinalNumToken without its value (the template's shape) is still that token.
    if (tail === '') {
      best = { token: token.value, value: null, guardrail };
    } else if (token.kind === 'FinalNumToken' && !guardrail && NUMBER_TEXT_RE.test(tail)) {
      best = { token: token.value, value: Number(tail), guardrail };
    } else continue;
    bestLength = token.key.length;
  }
  return best;
}
