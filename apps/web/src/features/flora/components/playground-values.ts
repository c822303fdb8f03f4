// What the playground's form holds and checks, apart from React: a text per input line, per line one string per
// number box, and the first number out of its slot's range.
import type { NumberSlot, PlaygroundInstruction } from '../engine/messages';
import { slotSize, startNumber } from '../engine/number-slots';

/** What the form holds for one instruction: a text per input line, and per line one string per number. */
export interface Values {
  texts: string[];
  numbers: string[][];
}

export function emptyValues(instruction: PlaygroundInstruction): Values {
  return {
    texts: instruction.inputs.map(() => ''),
    numbers: instruction.inputs.map((input) =>
      input.numberSlots.flatMap((slot) => Array.from({ length: slotSize(slot) }, () => startNumber(slot))),
    ),
  };
}

/** The bounds of each number box of a line, in order. */
export const boxesOf = (slots: NumberSlot[]) =>
  slots.flatMap((slot) => Array.from({ length: slotSize(slot) }, () => slot));

/** The first number out of its range or not a number, as [line, box], or null. */
export function invalidNumber(instruction: PlaygroundInstruction, values: Values): [number, number] | null {
  for (const [line, input] of instruction.inputs.entries()) {
    for (const [box, slot] of boxesOf(input.numberSlots).entries()) {
      const raw = values.numbers[line]?.[box] ?? '';
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n)) return [line, box];
      if ((slot.min !== null && n < slot.min) || (slot.max !== null && n > slot.max)) return [line, box];
    }
  }
  return null;
}

/** `values` with line `line`'s text set. */
export const withText = (values: Values, line: number, text: string): Values => ({
  ...values,
  texts: values.texts.map((s, i) => (i === line ? text : s)),
});

/** `values` with box `box` of line `line` set. */
export const withNumber = (values: Values, line: number, box: number, text: string): Values => ({
  ...values,
  numbers: values.numbers.map((list, i) => (i === line ? list.map((s, j) => (j === box ? text : s)) : list)),
});
