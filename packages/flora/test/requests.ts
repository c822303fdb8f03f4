// Flora requests for every finetuning example of a protocol, in protocolExamples' order (samples, then each
// guardrail's bad examples around sample i mod n), so a test can hold Flora's prompt and answer against the
// trainer's rendering of the same example.
import { getToken, type Protocol } from '@greenhouse/mtp';
import type { RunRequest } from '../src/index.js';

/** A line's numbers in row order (NumTokens' numbers and NumListTokens' lists interleaved as the row has them). */
function lineNumbers(
  protocol: Protocol,
  row: readonly string[],
  numbers: readonly number[],
  lists: readonly (readonly number[])[],
) {
  const flat: number[] = [];
  let n = 0;
  let l = 0;
  for (const value of row) {
    const kind = getToken(protocol, value)?.kind;
    if (kind === 'NumToken') flat.push(numbers[n++]!);
    if (kind === 'NumListToken') flat.push(...lists[l++]!);
  }
  return flat;
}

export function exampleRequests(protocol: Protocol): RunRequest[] {
  const out: RunRequest[] = [];
  for (const set of protocol.sets) {
    const request = (sampleIndex: number, replace?: { line: number; text: string }): RunRequest => {
      const sample = set.samples[sampleIndex]!;
      const inputs = sample.strings.slice(0, -1).map((text, line) => ({
        text: replace?.line === line ? replace.text : text,
        numbers: lineNumbers(
          protocol,
          set.rows[line]!,
          sample.numbers[line] ?? [],
          sample.numberLists[line] ?? [],
        ),
      }));
      const last = set.rows.length - 1;
      const responseNumbers = lineNumbers(
        protocol,
        set.rows[last]!,
        sample.numbers[last] ?? [],
        sample.numberLists[last] ?? [],
      );
      return { instruction: set.name, inputs, ...(responseNumbers.length ? { responseNumbers } : {}) };
    };
    set.samples.forEach((_, i) => out.push(request(i)));
    for (const g of set.guardrails)
      g.badExamples.forEach((bad, i) =>
        out.push(request(i % set.samples.length, { line: g.line, text: bad })),
      );
  }
  return out;
}
