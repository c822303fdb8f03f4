// The fixed strings of the model's text and the limits this package enforces.

/** Begins every model input. */
export const BOS = '<BOS>';
/** Ends the model input: "now answer". */
export const RUN = '<RUN>';
/** Ends every model output. */
export const EOS = '<EOS>';
/** Marks a guardrail answer: the final token is followed by `<UNK>_`. */
export const UNK = '<UNK>';
/** Padding token of the official token list (never written into a text by this package). */
export const PAD = '<PAD>';
/** The official "no final token" token (a SpecialFinalToken). */
export const NON = '<NON>';
/** What a guardrail answer appends to the set's final token (`Continue_` → `Continue_<UNK>_`). */
export const GUARDRAIL_MARK = `${UNK}_`;
/** All special strings, for checks such as "a sample string must not contain one". */
export const SPECIAL_STRINGS = [BOS, RUN, EOS, UNK, PAD, NON] as const;

/** The separator of the model's lines. */
export const LINE_BREAK = '\n';

/**
 * Longest agent (protocol) name, in UTF-16 code units like the server's zod limits: the protocol's
 * `name` becomes the bloom's name, and the server stores at most 128 (BLOOM_NAME_SERVER_MAX in contracts).
 */
export const MAX_PROTOCOL_NAME_LENGTH = 128;
/** Longest instruction-set name: it keys the template's `instructions` and is what the engine asks for. */
export const MAX_SET_NAME_LENGTH = 128;
/** Fewest samples per instruction set (the schemas' minItems, and the official library's rule). */
export const MIN_SAMPLES_PER_SET = 3;
/** Fewest samples per distinct final token of a set (the official library's PER_FINAL_TOKEN_SAMPLE_MINIMUM). */
export const MIN_SAMPLES_PER_RESULT = 3;
/** Fewest bad examples per guardrail (the schemas' minItems; `bad_examples` itself is optional there). */
export const MIN_BAD_EXAMPLES = 3;
/** Most problems `parseProtocol` reports; the last one then says how many more were left out. */
export const MAX_PROBLEMS = 20;
