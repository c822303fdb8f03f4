// Flora, the Greenhouse inference engine: runs an agent file in Node or a browser (no dependencies, no
// `node:` imports on this path). See README.md.
export { loadAgent } from './agent.js';
export type { Agent, AgentInfo, LoadOptions, RunOptions, RunRequest, RunResult } from './agent.js';
export { FloraError } from './errors.js';
export type { FloraErrorCode } from './errors.js';
export type { InputLineInfo, InstructionInfo, NumberSlot, ReactionDetail } from './template.js';
// The format it reads (@greenhouse/agent-format, bundled into the package: no runtime dependency).
export { AGENT_FORMAT, AGENT_FORMAT_VERSION, type Architecture } from '@greenhouse/agent-format';
export type { KernelKind } from './kernels/kernels.js';
export { AnswerConstraint, answerVocabulary, MAX_NUMBER_TOKENS } from './answer-constraint.js';
export type {
  AnswerLimits,
  AnswerPhase,
  AnswerStep,
  AnswerVocabulary,
  ReactionChoice,
} from './answer-constraint.js';
// The model folder of Flora native and the Unreal plugin (packages/flora-native).
export { exportUnreal, NATIVE_FORMAT_VERSION, unrealFolderName } from './export-unreal.js';
export type { UnrealFolder } from './export-unreal.js';
