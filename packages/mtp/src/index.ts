export * from './constants.js';
export * from './versions.js';
export type { Problem, ProblemKey, JsonPath } from './problems.js';
export { MESSAGES, toJsonPointer } from './problems.js';
export * from './protocol.js';
export { protocolSchemas, TOKEN_TYPES, MODEL_TYPES } from './schema/protocol-schemas.js';
export type { RawProtocolFile } from './schema/protocol-schemas.js';
export { parseProtocol, parseProtocolText, checkProtocolSchema, protocolVersionOf } from './parse.js';
export type { ParseResult } from './parse.js';
export {
  MtpRenderError,
  renderSample,
  renderGuardrail,
  sampleReaction,
  guardrailReaction,
  keyLinePattern,
  numberSlot,
  formatNumber,
  formatNumberList,
  toLine,
} from './render.js';
export type { RenderedText, GuardrailRenderOptions } from './render.js';
export { renderPrompt, type PromptLine } from './render-prompt.js';
export { parseOutput, parseReaction, type ParsedOutput, type Reaction } from './parse-output.js';
export { buildTemplate } from './template.js';
export type { Template, TemplateInstruction, TemplateInstructionType } from './template.js';
export * from './draft.js';
export { describedReaction, protocolToDraft } from './protocol-draft.js';
export type { ProtocolDraft, DraftMisfitKey } from './protocol-draft.js';
export { protocolDiff } from './protocol-diff.js';
export type {
  DiffStatus,
  GuardrailChange,
  GuardrailSnapshot,
  GuardrailsDiff,
  InstructionDiff,
  ProtocolDiff,
  ProtocolDiffSummary,
  ReactionDiff,
  SampleChange,
  SampleSnapshot,
} from './protocol-diff.js';
