// The scenarios editor's form (issue 33): its values (numbers as typed), the rules it checks before saving (the
// server checks them again against the agent's protocol), and the way back to the API's document.
import {
  REFUSE,
  SCENARIO_TEXT_MAX,
  SCENARIOS_MAX,
  type ScenarioInstruction,
  type ScenariosDocument,
} from '@greenhouse/contracts';
import * as z from 'zod/mini';
import { isApiRequestError } from '../../lib/api-client';
import { apiErrorKey, errorCodeOf, errorReasonOf } from '../../lib/api-error-message';

/** What the editor knows of one of the agent's instructions (the scenarios response's). */
export type { ScenarioInstruction };

export interface ScenarioValues {
  instruction: string;
  inputs: { text: string; numbers: string[] }[];
  /** A reaction's key, REFUSE, or '' while none is chosen. */
  expect: string;
}

export interface ScenariosValues {
  gateDownload: boolean;
  scenarios: ScenarioValues[];
}

/** A number in range to start from: 0 when allowed, else the nearer bound. */
const startNumber = ({ min, max }: { min: number; max: number }) => String(Math.min(max, Math.max(min, 0)));

/** A new case of `instruction`: its lines empty, its numbers in range, no reaction chosen. */
export function emptyScenario(instruction: ScenarioInstruction | undefined): ScenarioValues {
  return {
    instruction: instruction?.name ?? '',
    inputs: (instruction?.lines ?? []).map((line) => ({ text: '', numbers: line.numbers.map(startNumber) })),
    expect: '',
  };
}

/** What the expect box may hold for an instruction: its reactions' keys, and REFUSE when it can refuse. */
function expectChoices(instruction: ScenarioInstruction): string[] {
  return [...instruction.reactions.map((r) => r.key), ...(instruction.canRefuse ? [REFUSE] : [])];
}

/** The saved document as the form holds it; an `expect` written as a reaction's name becomes its key. */
export function toValues(
  document: ScenariosDocument,
  instructions: readonly ScenarioInstruction[],
): ScenariosValues {
  return {
    gateDownload: document.gateDownload,
    scenarios: document.scenarios.map((scenario) => {
      const instruction = instructions.find((i) => i.name === scenario.instruction);
      const reaction =
        instruction?.reactions.find((r) => r.key === scenario.expect) ??
        instruction?.reactions.find((r) => r.name === scenario.expect);
      return {
        instruction: scenario.instruction,
        inputs: scenario.inputs.map((input) => ({
          text: input.text,
          numbers: (input.numbers ?? []).map(String),
        })),
        expect: reaction?.key ?? scenario.expect,
      };
    }),
  };
}

/** The form's values as the API takes them: numbers as numbers, left out of a line that has none. */
export function toDocument(values: ScenariosValues): ScenariosDocument {
  return {
    gateDownload: values.gateDownload,
    scenarios: values.scenarios.map((scenario) => ({
      instruction: scenario.instruction,
      inputs: scenario.inputs.map(({ text, numbers }) =>
        numbers.length > 0 ? { text, numbers: numbers.map(Number) } : { text },
      ),
      expect: scenario.expect,
    })),
  };
}

/** The form's rules for the agent's instructions; messages are i18n keys. */
export function scenariosFormSchema(instructions: readonly ScenarioInstruction[]) {
  const line = z.object({
    text: z.string().check(
      z.refine((text) => text.trim() !== '', { error: 'scenarios.errors.lineRequired' }),
      z.maxLength(SCENARIO_TEXT_MAX, { error: 'scenarios.errors.lineTooLong' }),
    ),
    numbers: z.array(z.string()),
  });
  const scenario = z.object({ instruction: z.string(), inputs: z.array(line), expect: z.string() }).check(
    z.superRefine((value, ctx) => {
      const instruction = instructions.find((i) => i.name === value.instruction);
      if (!instruction) {
        ctx.addIssue({
          code: 'custom',
          message: 'scenarios.errors.instructionRequired',
          path: ['instruction'],
        });
        return;
      }
      instruction.lines.forEach((l, lineIndex) =>
        l.numbers.forEach(({ min, max }, k) => {
          const raw = value.inputs[lineIndex]?.numbers[k] ?? '';
          const n = Number(raw);
          if (raw.trim() === '' || !Number.isFinite(n) || n < min || n > max)
            ctx.addIssue({
              code: 'custom',
              message: 'scenarios.errors.numberInvalid',
              path: ['inputs', lineIndex, 'numbers', k],
            });
        }),
      );
      if (!expectChoices(instruction).includes(value.expect))
        ctx.addIssue({ code: 'custom', message: 'scenarios.errors.expectRequired', path: ['expect'] });
    }),
  );
  return z.object({
    gateDownload: z.boolean(),
    scenarios: z.array(scenario).check(z.maxLength(SCENARIOS_MAX)),
  });
}

/** The server's reasons for a case that does not fit the agent (apps/server's check-scenarios.ts). */
const serverReasons = [
  'unknown_instruction',
  'response_numbers',
  'line_count',
  'number_count',
  'number_range',
  'cannot_refuse',
  'unknown_reaction',
] as const;

/** The i18n key of a failed save's message: the server's reason for a case when it gave one, else its code's. */
export function saveErrorKey(error: unknown): string {
  const reason = errorReasonOf(error);
  return (serverReasons as readonly (string | undefined)[]).includes(reason)
    ? `scenarios.errors.server.${reason}`
    : apiErrorKey(errorCodeOf(error));
}

/**
 * The form control a failed save names (params.field, e.g. `scenarios.3.expect`), or null when it names none.
 * A case's line or number count is the instruction's to fix, so it lands there.
 */
export function saveErrorField(error: unknown, values: ScenariosValues): string | null {
  const field = isApiRequestError(error) ? error.params.field : undefined;
  if (typeof field !== 'string') return null;
  if (field === 'gateDownload') return field;
  const [top, index, ...rest] = field.split('.');
  const i = Number(index);
  if (top !== 'scenarios' || !Number.isInteger(i) || !values.scenarios[i]) return null;
  const control = /^(instruction|expect|inputs\.\d+\.text|inputs\.\d+\.numbers\.\d+)$/.test(rest.join('.'));
  return control ? field : `scenarios.${i}.instruction`;
}
