// The semantic checks of a set's guardrails (semantic-checks.ts): one per input line, a bad output the model can
// write, and bad examples that are not empty and carry no digits.
import { MIN_BAD_EXAMPLES } from './constants.js';
import { problem, type JsonPath } from './problems.js';
import { checkText, type CheckResult } from './check-result.js';
import type { RawInstructionSet, RawProtocolFile } from './schema/protocol-schemas.js';

const DIGIT_RE = /\p{Nd}/u;

/** Problems of set `at`'s guardrails (`ctx`: the set's index and name, for the messages). */
export function checkGuardrails(
  file: RawProtocolFile,
  set: RawInstructionSet,
  at: JsonPath,
  ctx: Record<string, unknown>,
  out: CheckResult,
) {
  const inputLines = file.inputs;
  const guarded = new Set<number>();
  (set.guardrails ?? []).forEach((g, k) => {
    const gat: JsonPath = [...at, 'guardrails', k];
    if (g.index >= inputLines) {
      out.problems.push(
        problem([...gat, 'index'], 'mtp.guardrailLine', { ...ctx, index: g.index, maxIndex: inputLines - 1 }),
      );
    } else if (guarded.has(g.index)) {
      out.problems.push(problem([...gat, 'index'], 'mtp.duplicateGuardrailLine', { ...ctx, index: g.index }));
    }
    guarded.add(g.index);
    checkText(g.bad_output, [...gat, 'bad_output'], out, ctx);
    // `bad_examples` is optional in the schema (which checks minItems only when it is there).
    if (g.bad_examples === undefined) {
      out.problems.push(
        problem([...gat, 'bad_examples'], 'mtp.tooFewBadExamples', {
          ...ctx,
          minimum: MIN_BAD_EXAMPLES,
          count: 0,
        }),
      );
    }
    (g.bad_examples ?? []).forEach((example, e) => {
      const eat: JsonPath = [...gat, 'bad_examples', e];
      // The official library refuses digits in bad examples (Guardrail.add_sample); numbers in the
      // model's input belong to number slots.
      if (example.trim() === '') out.problems.push(problem(eat, 'mtp.badExampleEmpty', ctx));
      else if (DIGIT_RE.test(example))
        out.problems.push(problem(eat, 'mtp.badExampleHasDigits', { ...ctx, example }));
      checkText(example, eat, out, ctx);
    });
  });
}
