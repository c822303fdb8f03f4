// The Greenhouse agent file format, defined once (README.md): the trainer writes with it, Flora reads with it.
// No dependencies and no Node or browser APIs: it runs wherever either does.
export {
  AGENT_FILES,
  AGENT_FORMAT,
  AGENT_FORMAT_VERSION,
  AGENT_FORMAT_VERSIONS,
  GPT_FUNCTIONS,
  gptArchitecture,
  LAYER_NORM_EPSILON,
  MODEL_SCHEMA_URL,
  WEIGHTS_ENCODING,
} from './format.js';
export type {
  AgentFile,
  AgentFormatVersion,
  Architecture,
  FileEntry,
  Manifest,
  ModelShape,
  TensorEntry,
  WeightsTable,
} from './format.js';
export { BYTES_PER_VALUE, tensorShapes, tensorTable, valueCount } from './layout.js';
export type { TensorShape } from './layout.js';
export { BYTE_SYMBOLS, mergeKey, mergeSymbols, preTokenize, SYMBOL_BYTES } from './byte-level.js';
export {
  CHAR_GRAMS,
  featureHash,
  isWordCodePoint,
  lineWords,
  lowerCodePoint,
  NUMBER_BUCKETS,
  numberBucket,
  requestFeatures,
  requestHashes,
} from './reaction-features.js';
export type { FeatureLine, SlotRange } from './reaction-features.js';
export {
  chooseReaction,
  decodeReactionModel,
  encodeReactionModel,
  floatToHalf,
  halfToFloat,
  headScores,
  REACTIONS_MAGIC,
  REACTIONS_VERSION,
} from './reaction-model.js';
export type {
  InstructionReactions,
  LinearHead,
  ReactionChoiceResult,
  ReactionModel,
  WordTable,
} from './reaction-model.js';
export { expf } from './exp.js';
