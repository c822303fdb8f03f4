export { Rng } from './rng.js';
export { trainBpe, Tokenizer } from './tokenizer/bpe.js';
export type { AddedToken, BpeTrainOptions, TokenizerJson } from './tokenizer/bpe.js';
export { CONTROL_TOKENS, protocolAddedTokens } from './tokenizer/protocol-tokens.js';
export { countParams, paramLayout, validateConfig } from './model/config.js';
export type { GptConfig, ParamLayout, ParamSpec } from './model/config.js';
export { Gpt } from './model/gpt.js';
export type { Batch, GptOptions } from './model/gpt.js';
export { createArena, gemmJs, wasmSimdAvailable } from './kernels/kernels.js';
export type { Arena, Gemm, KernelKind } from './kernels/kernels.js';
export { AdamW, DEFAULT_ADAMW, learningRate } from './train/adamw.js';
export type { AdamWOptions, Schedule } from './train/adamw.js';
export { BatchStream, finetuneSequence, packBatch, pretrainSequences } from './train/data.js';
export type { Sequence } from './train/data.js';
export { evaluate, shardGradients, splitShards, train, TrainingRun, SHARDS } from './train/trainer.js';
export type { StepInfo, TrainOptions, TrainResult } from './train/trainer.js';
export { trainParallel } from './train/parallel.js';
// Also for the server's tests, whose processes start from the build while it is current.
export { currentBuildOf } from './train/start-worker.js';
export { generateGreedy } from './train/generate.js';
export type { GenerateOptions } from './train/generate.js';
export {
  protocolExamples,
  pretrainTexts,
  splitPretrainTexts,
  tokenizerCorpus,
} from './train/protocol-data.js';
export type { ProtocolExample } from './train/protocol-data.js';
export { decodeCheckpoint, encodeCheckpoint } from './train/checkpoint.js';
export type { TrainingCheckpoint } from './train/checkpoint.js';
export type {
  LossPoint,
  Split,
  StageMetrics,
  StageProgress,
  TrainingExample,
  TrainingQuality,
} from './pipeline/types.js';
export {
  planFromBase,
  planLimits,
  planTraining,
  planVocabulary,
  DEFAULT_SEED,
  MAX_CONTEXT_TOKENS,
  MIN_PROMPT_TOKENS,
} from './pipeline/plan.js';
export type { DatasetStats, PhasePlan, TrainingPlan } from './pipeline/plan.js';
export { tokenizerStage } from './pipeline/tokenizer-stage.js';
export type { TokenizerStageInput, TokenizerStageResult } from './pipeline/tokenizer-stage.js';
export { trainingStage, MAX_TRAIN_ACCURACY_INPUTS } from './pipeline/training-stage.js';
export type {
  StageHooks,
  TrainingPhase,
  TrainingStageInput,
  TrainingStageResult,
} from './pipeline/training-stage.js';
export { exportStage } from './pipeline/export-stage.js';
export type { ExportStageInput, ExportStageResult } from './pipeline/export-stage.js';
// The agent file's format itself (names, manifest, tensor order): @greenhouse/agent-format.
export { loadAgent } from './pipeline/agent-file.js';
export type { AgentManifest, LoadedAgent } from './pipeline/agent-file.js';
export { fromFloat16, toFloat16 } from './pipeline/float16.js';
export { runStageInThread } from './pipeline/stage-thread.js';
export type { StageRequest, StageResults, StageThreadOptions } from './pipeline/stage-thread.js';
export { LARGE_PROTOCOL, MAX_FOLDS, qualityFolds, samplesPerReaction } from './pipeline/split.js';
export type { QualityFolds } from './pipeline/split.js';
export { Answerer, reactionOptions } from './pipeline/answers.js';
export type { Answer, ReactionOption } from './pipeline/answers.js';
export { inputTexts, MAX_MISSES, qualityReport } from './pipeline/quality.js';
export { BASE_PATH, hasBase, loadBase, readBase, resolveBase, writeBase } from './base/base-model.js';
export type { BaseFile, BaseModel, BaseTraining } from './base/base-model.js';
export { buildBase } from './base/build-base.js';
export type { BaseCorpus, BaseOptions } from './base/build-base.js';
export { weightsFromBase } from './base/from-base.js';
export { synonymPhrasings } from './base/synonyms.js';
// The reaction model of version-2 agents (agent-format's reactions.bin).
export { planReactions, REACTION_TRAINING, trainReactionModel } from './reactions/reaction-training.js';
export type {
  ReactionPlan,
  ReactionTrainingOptions,
  TrainedReactions,
} from './reactions/reaction-training.js';
// Each instruction's reactions, input lines and number slots, as the reaction model reads them.
export { instructionShapes } from './reactions/reaction-examples.js';
export type { InstructionShape } from './reactions/reaction-examples.js';
