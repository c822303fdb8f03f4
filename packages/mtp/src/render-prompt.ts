// The engine's input (render.ts's INPUT layout) from a user's lines: the same text `renderSample` gives the trainer,
// with each line's flat numbers split into its number slots.
import { MtpRenderError, renderInput, requireToken, setCtx } from './render.js';
import type { InstructionSet, Protocol } from './protocol.js';

export interface PromptLine {
  text: string;
  /**
   * The numbers of the line's slots, in row order: one per NumToken, `length` per NumListToken
   * (flattened), e.g. [100, 200, -50] for `Coordinates_<num_-1000_1000_3>`.
   */
  numbers?: readonly number[];
}

/** Splits a line's flat numbers into its NumTokens' numbers and NumListTokens' lists. */
function splitSlots(protocol: Protocol, set: InstructionSet, line: number, flat: readonly number[]) {
  const tokens = (set.rows[line] ?? []).map((v) => requireToken(protocol, set, v));
  const needed = tokens.reduce(
    (n, t) => n + (t.kind === 'NumToken' ? 1 : t.kind === 'NumListToken' ? (t.length ?? 0) : 0),
    0,
  );
  if (flat.length !== needed) {
    throw new MtpRenderError('mtp.slotNumbersCount', {
      ...setCtx(set),
      line,
      expected: needed,
      count: flat.length,
    });
  }
  const numbers: number[] = [];
  const numberLists: number[][] = [];
  let at = 0;
  for (const t of tokens) {
    if (t.kind === 'NumToken') numbers.push(flat[at++]!);
    if (t.kind === 'NumListToken') {
      numberLists.push(flat.slice(at, at + (t.length ?? 0)));
      at += t.length ?? 0;
    }
  }
  return { numbers, numberLists };
}

/**
 * The engine's input for instruction set `instructionName`: the same text `renderSample` gives the
 * trainer, from the user's input lines. `responseNumbers` fills number slots of the response line, if any.
 */
export function renderPrompt(
  protocol: Protocol,
  instructionName: string,
  inputs: readonly PromptLine[],
  options: { responseNumbers?: readonly number[] } = {},
): string {
  const set = protocol.sets.find((s) => s.name === instructionName);
  if (!set) {
    throw new MtpRenderError('mtp.unknownInstruction', {
      name: instructionName,
      available: protocol.sets.map((s) => s.name),
    });
  }
  const inputLines = set.rows.length - 1;
  if (inputs.length !== inputLines) {
    throw new MtpRenderError('mtp.inputCount', {
      ...setCtx(set),
      expected: inputLines,
      count: inputs.length,
    });
  }
  const lines = inputs.map((v, line) => ({
    text: v.text,
    ...splitSlots(protocol, set, line, v.numbers ?? []),
  }));
  const response = splitSlots(protocol, set, inputLines, options.responseNumbers ?? []);
  return renderInput(protocol, set, lines, response);
}
