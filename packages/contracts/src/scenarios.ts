// Scenario tests (issue 33): an agent's cases — an instruction, its input lines (and numbers), the reaction
// expected or a refusal — kept per agent and run against each trained version with Flora right after export.
//   GET /blooms/{id}/scenarios → ScenariosDocument
//   PUT /blooms/{id}/scenarios   body scenariosRequestSchema (requests.ts) → ScenariosDocument
// The request's shape is checked by its schema; whether each case fits the agent's current protocol (the
// instruction exists, its line and number counts, the reaction is one of its own) by the server against it.
import { MAX_SET_NAME_LENGTH } from '@greenhouse/mtp';
import * as z from 'zod/mini';
import { CHAT_MESSAGE_MAX } from './validation.js';

/** Most cases an agent keeps. */
export const SCENARIOS_MAX = 100;
/** Most input lines of a case (protocols have a handful; the instruction's own count is checked on the server). */
export const SCENARIO_LINES_MAX = 32;
/** Longest input line: what a user types to an agent, like a chat message (docs/product-rules.md §9: 256). */
export const SCENARIO_TEXT_MAX = CHAT_MESSAGE_MAX;
/** Most numbers of one input line (the instruction's number slots decide the exact count). */
export const SCENARIO_NUMBERS_MAX = 100;
/** Longest instruction name: the protocol's own limit for a set's name. */
export const SCENARIO_INSTRUCTION_MAX = MAX_SET_NAME_LENGTH;
/** Longest `expect`: a reaction's key or name. */
export const SCENARIO_EXPECT_MAX = 256;
/** What `expect` says when the agent should refuse the input (a guardrail answer). */
export const REFUSE = 'refuse';

export const scenarioInputSchema = z.object({
  text: z.string(),
  /** The line's number slots' numbers, in order (a list slot's numbers one after another). */
  numbers: z.optional(z.array(z.number())),
});
export type ScenarioInput = z.infer<typeof scenarioInputSchema>;

export const scenarioSchema = z.object({
  instruction: z.string(),
  inputs: z.array(scenarioInputSchema),
  /** A reaction of the instruction, by its key (the reaction line as the protocol writes it) or name; or REFUSE. */
  expect: z.string(),
});
export type Scenario = z.infer<typeof scenarioSchema>;

/** An agent's cases and whether only versions that pass every one may be downloaded. */
export const scenariosDocumentSchema = z.object({
  gateDownload: z.boolean(),
  scenarios: z.array(scenarioSchema),
});
export type ScenariosDocument = z.infer<typeof scenariosDocumentSchema>;

/** One case run against one trained version. */
export const scenarioResultSchema = z.object({
  /** The case's position in the document. */
  index: z.int().check(z.nonnegative()),
  /** The reaction key expected (the reaction line without a number), or REFUSE. */
  expected: z.string(),
  /** The reaction line the agent wrote (a FinalNumToken's with its number, a refusal's with its mark). */
  got: z.string(),
  /** Its name in the protocol (encrypted and emoji keys resolved). */
  gotName: z.optional(z.string()),
  /** The output line the agent wrote before its reaction. */
  line: z.string(),
  passed: z.boolean(),
  /** The agent refused the input (a guardrail answer). */
  refused: z.boolean(),
  /** Flora's error code when the case could not be run on this version (e.g. `prompt_too_long`): it failed. */
  error: z.optional(z.string()),
});
export type ScenarioResult = z.infer<typeof scenarioResultSchema>;

/** How a version did on the cases. */
export const scenarioSummarySchema = z.object({
  passed: z.int().check(z.nonnegative()),
  total: z.int().check(z.nonnegative()),
});
export type ScenarioSummary = z.infer<typeof scenarioSummarySchema>;

/** The summary of a version's results. */
export function summarizeScenarioResults(
  results: readonly Pick<ScenarioResult, 'passed'>[],
): ScenarioSummary {
  return { passed: results.filter((r) => r.passed).length, total: results.length };
}

/** One trained version's results against the cases. */
export const versionScenarioResultsSchema = z.object({
  version: z.int(),
  passed: z.int().check(z.nonnegative()),
  total: z.int().check(z.nonnegative()),
  results: z.array(scenarioResultSchema),
});
export type VersionScenarioResults = z.infer<typeof versionScenarioResultsSchema>;

/** An instruction a case may name (the version in the works'), as the editor offers it. */
export const scenarioInstructionSchema = z.object({
  name: z.string(),
  /** Per input line, the range of each number it takes, in order. */
  lines: z.array(z.object({ numbers: z.array(z.object({ min: z.number(), max: z.number() })) })),
  /** Its reactions: the key (the reaction line as the protocol writes it) and the name. */
  reactions: z.array(z.object({ key: z.string(), name: z.string() })),
  /** It has a guardrail, so a case may expect a refusal. */
  canRefuse: z.boolean(),
});
export type ScenarioInstruction = z.infer<typeof scenarioInstructionSchema>;

/**
 * GET and PUT /blooms/{id}/scenarios: the document, the instructions a case may name, and each trained
 * version's results (newest first).
 */
export const scenariosResponseSchema = z.object({
  gateDownload: z.boolean(),
  scenarios: z.array(scenarioSchema),
  instructions: z.array(scenarioInstructionSchema),
  results: z.array(versionScenarioResultsSchema),
});
export type ScenariosResponse = z.infer<typeof scenariosResponseSchema>;
