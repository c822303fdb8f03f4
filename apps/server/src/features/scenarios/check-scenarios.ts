// Whether an agent's scenarios fit its protocol, and each case's `expect` as the runner compares it. The
// instructions, their input lines, number slots and reactions are read as the reaction model reads them
// (@greenhouse/trainer's instructionShapes), so they are the ones Flora's agent file lists.
import { REFUSE, scenarioSchema, type Scenario, type ScenarioInstruction } from '@greenhouse/contracts';
import * as z from 'zod/mini';
import { getToken, type Protocol } from '@greenhouse/mtp';
import { instructionShapes, type InstructionShape } from '@greenhouse/trainer';
import { AppError } from '../../lib/app-error.js';

/**
 * A case that does not fit: the app's default validation code (docs/product-rules.md §5: also for a value
 * that is not one allowed), with the case's `index` (0-based), the `field` at fault (`scenarios.3.expect`)
 * and a `reason` that tells the rules apart, beside an English message.
 */
function misfit(
  index: number,
  path: (string | number)[],
  reason: string,
  message: string,
  details: Record<string, unknown> = {},
): AppError {
  return new AppError(
    'validation.required',
    { field: ['scenarios', index, ...path].join('.'), index, reason, ...details },
    `Scenario ${index + 1}: ${message}`,
  );
}

/**
 * The reaction key a case's `expect` names: a reaction's key (its line as the protocol writes it) or its name,
 * case-sensitively; REFUSE when it asks for a refusal (REFUSE itself, or a refusal's own line). Keys are
 * matched before names, and both before REFUSE, so a reaction that is itself called "refuse" stays that
 * reaction. Null when the instruction has no such reaction, or no refusal to give.
 */
function expectedKey(shape: InstructionShape, expect: string): string | null {
  const answers = shape.options.filter((o) => !o.refused);
  const option = answers.find((o) => o.line === expect) ?? answers.find((o) => o.name === expect);
  if (option) return option.line;
  // An instruction refuses with its guardrail's line, one per reaction it may refuse as (Horn_<UNK>_, …).
  const refusals = shape.options.filter((o) => o.refused);
  return refusals.length > 0 && (expect === REFUSE || refusals.some((o) => o.line === expect))
    ? REFUSE
    : null;
}

/** Numbers the instruction's response line takes (a prompt fills them in; a scenario has no field for them). */
function responseNumbers(protocol: Protocol, name: string): number {
  const set = protocol.sets.find((s) => s.name === name);
  return (set?.rows.at(-1) ?? []).reduce((n, value) => {
    const token = getToken(protocol, value);
    if (token?.kind === 'NumToken') return n + 1;
    if (token?.kind === 'NumListToken') return n + (token.length ?? 0);
    return n;
  }, 0);
}

function checkScenario(
  scenario: Scenario,
  index: number,
  shapes: readonly InstructionShape[],
  protocol: Protocol,
): string {
  const shape = shapes.find((s) => s.name === scenario.instruction);
  if (!shape)
    throw misfit(
      index,
      ['instruction'],
      'unknown_instruction',
      `the agent has no instruction "${scenario.instruction}".`,
      { instructions: shapes.map((s) => s.name) },
    );
  if (responseNumbers(protocol, shape.name) > 0)
    throw misfit(
      index,
      ['instruction'],
      'response_numbers',
      `the instruction "${shape.name}" takes numbers on its answer line, which scenarios cannot give yet.`,
    );
  if (scenario.inputs.length !== shape.inputLines)
    throw misfit(
      index,
      ['inputs'],
      'line_count',
      `the instruction "${shape.name}" takes ${shape.inputLines} input line(s), not ${scenario.inputs.length}.`,
      { expected: shape.inputLines },
    );
  scenario.inputs.forEach((input, line) => {
    const slots = shape.slots[line] ?? [];
    const numbers = input.numbers ?? [];
    if (numbers.length !== slots.length)
      throw misfit(
        index,
        ['inputs', line, 'numbers'],
        'number_count',
        `line ${line + 1} of "${shape.name}" takes ${slots.length} number(s), not ${numbers.length}.`,
        { line, expected: slots.length },
      );
    numbers.forEach((n, k) => {
      const { min, max } = slots[k]!;
      if (n < min || n > max)
        throw misfit(
          index,
          ['inputs', line, 'numbers', k],
          'number_range',
          `number ${k + 1} of line ${line + 1} must be from ${min} to ${max}, not ${n}.`,
          { line, min, max },
        );
    });
  });
  const key = expectedKey(shape, scenario.expect);
  if (key !== null) return key;
  const canRefuse = shape.options.some((o) => o.refused);
  if (scenario.expect === REFUSE)
    throw misfit(
      index,
      ['expect'],
      'cannot_refuse',
      `the instruction "${shape.name}" has no guardrail, so it never refuses.`,
    );
  const reactions = shape.options.filter((o) => !o.refused);
  throw misfit(
    index,
    ['expect'],
    'unknown_reaction',
    `"${scenario.expect}" is not a reaction of "${shape.name}": expected one of ${reactions
      .map((o) => `"${o.line}"`)
      .join(', ')}${canRefuse ? ` or "${REFUSE}"` : ''}.`,
    { reactions: reactions.map((o) => ({ key: o.line, name: o.name })), canRefuse },
  );
}

/** Checks each case against the protocol, in order; throws an AppError (see misfit) on the first that does not fit. */
export function checkScenarios(scenarios: readonly Scenario[], protocol: Protocol): void {
  normalizeScenarios(scenarios, protocol);
}

/**
 * The cases with `expect` as the runner compares it: the reaction's key (a FinalNumToken's without a number)
 * or REFUSE. Checks them as checkScenarios does, throwing on the first that does not fit.
 */
export function normalizeScenarios(scenarios: readonly Scenario[], protocol: Protocol): Scenario[] {
  const shapes = instructionShapes(protocol);
  return scenarios.map((scenario, index) => ({
    ...scenario,
    expect: checkScenario(scenario, index, shapes, protocol),
  }));
}

const storedScenarios = z.array(scenarioSchema);

/** The cases as the agent's row stores them (written through the checked request; nothing else when unreadable). */
export function scenarioList(stored: unknown): Scenario[] {
  const parsed = storedScenarios.safeParse(stored);
  return parsed.success ? parsed.data : [];
}

/**
 * The instructions a case may name, as the editor offers them: each one's input lines with their number
 * ranges, its reactions (key and name) and whether it can refuse. Those whose answer line takes numbers are
 * left out (checkScenario refuses them).
 */
export function scenarioInstructions(protocol: Protocol): ScenarioInstruction[] {
  return instructionShapes(protocol)
    .filter((shape) => responseNumbers(protocol, shape.name) === 0)
    .map((shape) => ({
      name: shape.name,
      lines: Array.from({ length: shape.inputLines }, (_, l) => ({
        numbers: (shape.slots[l] ?? []).map(({ min, max }) => ({ min, max })),
      })),
      reactions: shape.options.filter((o) => !o.refused).map((o) => ({ key: o.line, name: o.name })),
      canRefuse: shape.options.some((o) => o.refused),
    }));
}
