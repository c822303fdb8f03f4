// A problem found in a protocol file: a stable key (for translations and for code that reacts to one
// problem, like the server's NOT_IMPLEMENTED_YET for `mtp.modelTypeNotSupported`), its params, an
// English message built from them, and where it is in the ORIGINAL file (array path + JSON pointer).
import { MAX_PROBLEMS } from './constants.js';

export type JsonPath = (string | number)[];

export interface Problem {
  path: JsonPath;
  /** RFC 6901 JSON pointer of `path` ('' is the whole document). */
  pointer: string;
  key: string;
  message: string;
  params: Record<string, unknown>;
}

/** RFC 6901: '~' → '~0', '/' → '~1'. */
export function toJsonPointer(path: readonly (string | number)[]): string {
  return path.map((p) => '/' + String(p).replaceAll('~', '~0').replaceAll('/', '~1')).join('');
}

const q = (v: unknown) => JSON.stringify(v);
const list = (values: unknown) =>
  Array.isArray(values) ? values.map((v) => q(v)).join(', ') : String(values);
const plural = (n: unknown, one: string, many = `${one}s`) => `${String(n)} ${n === 1 ? one : many}`;
// Params hold 0-based indexes, as in the file; messages count from 1.
const nth = (index: unknown) => (typeof index === 'number' ? String(index + 1) : String(index));
const where = (p: Record<string, unknown>) =>
  typeof p.set !== 'number'
    ? ''
    : typeof p.setName === 'string'
      ? ` (set ${q(p.setName)})`
      : ` (set ${nth(p.set)})`;

type Params = Record<string, unknown>;

/** Every problem key with its English message. Keys are stable; messages may be reworded. */
export const MESSAGES = {
  // -- reading the file
  'mtp.invalidJson': (p: Params) =>
    `The file is not valid JSON: ${String(p.reason)}` +
    (p.line !== undefined ? ` (line ${String(p.line)}, column ${String(p.column)}).` : '.'),
  'mtp.notAnObject': () => 'A protocol file must be a JSON object.',
  'mtp.schemaMissing': () =>
    'The file has no "$schema", so its protocol version is unknown. Protocol files name their version, ' +
    'e.g. "$schema": "https://mtp.schemas.databiomes.com/v2/bloom_2_0_1.json".',
  'mtp.schemaUnknown': (p: Params) =>
    `The "$schema" ${q(p.schema)} is not an MTP protocol schema. Supported versions: ${list(p.supported)}.`,
  'mtp.schemaVersionUnsupported': (p: Params) =>
    `Protocol version ${String(p.version)} is not supported. Supported versions: ${list(p.supported)}.`,
  'mtp.wrongFileKind': (p: Params) =>
    `This is a ${String(p.kind)} file, not a protocol file. Upload the protocol (bloom) file instead.`,

  // -- schema problems (mirroring the JSON Schema keywords)
  'mtp.required': (p: Params) => `The required property ${q(p.property)} is missing.`,
  'mtp.invalidType': (p: Params) => `Expected ${String(p.expected)} here, found ${String(p.received)}.`,
  'mtp.invalidValue': (p: Params) =>
    `${q(p.received)} is not allowed here. Allowed values: ${list(p.allowed)}.`,
  'mtp.tooSmall': (p: Params) =>
    `The number ${String(p.received)} is below the minimum of ${String(p.minimum)}.`,
  'mtp.tooBig': (p: Params) =>
    `The number ${String(p.received)} is above the maximum of ${String(p.maximum)}.`,
  'mtp.tooShort': (p: Params) =>
    `The text must have at least ${plural(p.minLength, 'character')} (it has ${String(p.length)}).`,
  'mtp.tooLong': (p: Params) =>
    `The text may have at most ${plural(p.maxLength, 'character')} (it has ${String(p.length)}).`,
  'mtp.tooFewItems': (p: Params) =>
    `The list must have at least ${plural(p.minItems, 'item')} (it has ${String(p.count)}).`,
  'mtp.tooManyItems': (p: Params) =>
    `The list may have at most ${plural(p.maxItems, 'item')} (it has ${String(p.count)}).`,
  'mtp.unknownProperty': (p: Params) => `Unknown property ${q(p.property)}.`,
  'mtp.patternMismatch': (p: Params) => `The text does not match the pattern ${String(p.pattern)}.`,
  'mtp.noMatchingShape': (p: Params) => `Expected ${String(p.expected)} here, found ${String(p.received)}.`,
  'mtp.tooFewSamples': (p: Params) =>
    `An instruction set needs at least ${plural(p.minimum, 'sample')}; this one has ${String(p.count)}.`,
  'mtp.tooFewBadExamples': (p: Params) =>
    `A guardrail needs at least ${plural(p.minimum, 'bad example')}; this one has ${String(p.count)}.`,

  // -- semantic problems
  'mtp.modelTypeNotSupported': (p: Params) =>
    `Model type ${q(p.modelType)} is not supported yet: Greenhouse trains generative models only.`,
  'mtp.nameTooLong': (p: Params) =>
    `The agent name may have at most ${String(p.maximum)} characters (it has ${String(p.length)}).`,
  'mtp.setNameTooLong': (p: Params) =>
    `The instruction set name may have at most ${String(p.maximum)} characters (it has ${String(p.length)}).`,
  'mtp.duplicateSetName': (p: Params) =>
    `Two instruction sets are named ${q(p.name)}; set names must be unique (sets ${
      Array.isArray(p.sets) ? p.sets.map(nth).join(', ') : ''
    }).`,
  'mtp.memoryMismatch': (p: Params) =>
    `"memory" must be the number of input lines plus the response line: ${String(p.expected)} ` +
    `(inputs ${String(p.inputs)} + 1), not ${String(p.memory)}.`,
  'mtp.setRowCount': (p: Params) =>
    `The set needs one token row per line — ${plural(p.expected, 'row')} (the input lines, then the ` +
    `response line) — but has ${String(p.count)}${where(p)}.`,
  'mtp.emptyRow': (p: Params) =>
    `Token row ${nth(p.line)} is empty; every line needs at least one token${where(p)}.`,
  'mtp.unknownToken': (p: Params) => `The token ${q(p.token)} is not defined in "tokens"${where(p)}.`,
  'mtp.tokenNotAllowedInRow': (p: Params) =>
    `The token ${q(p.token)} is a ${String(p.kind)} and cannot be part of a token row; rows take Token, ` +
    `NumToken and NumListToken only${where(p)}.`,
  'mtp.tokenKeyInvalid': (p: Params) =>
    `The token key ${q(p.key)} may contain only letters, digits, underscores and emoji.`,
  'mtp.duplicateTokenKey': (p: Params) =>
    `The tokens ${list(p.tokens)} share the key ${q(p.key)}; the model could not tell them apart.`,
  'mtp.numRangeMissing': (p: Params) =>
    `The ${String(p.kind)} ${q(p.token)} needs a numeric "min_value" and "max_value".`,
  'mtp.numRangeInverted': (p: Params) =>
    `The token ${q(p.token)} has "min_value" ${String(p.min)} above "max_value" ${String(p.max)}.`,
  'mtp.numListLengthMissing': (p: Params) =>
    `The NumListToken ${q(p.token)} needs a list length of at least 1 in "length" (or "num_list").`,
  'mtp.numListLengthConflict': (p: Params) =>
    `The NumListToken ${q(p.token)} has "length" ${String(p.length)} but "num_list" ${String(p.numList)}.`,
  'mtp.stringsPerLine': (p: Params) =>
    `A sample needs exactly one string per line: ${String(p.expected)} (the input lines, then the ` +
    `response), but has ${String(p.count)}${where(p)}.`,
  'mtp.numbersPerLine': (p: Params) =>
    `"numbers" must hold one list per line (${String(p.expected)} lists, each with the numbers of that ` +
    `line's NumTokens), or be [] when no line has a NumToken${where(p)}.`,
  'mtp.numbersCount': (p: Params) =>
    `Line ${nth(p.line)} has ${plural(p.expected, 'NumToken')}, so it needs ${plural(p.expected, 'number')}, ` +
    `not ${String(p.count)}${where(p)}.`,
  'mtp.numberListsPerLine': (p: Params) =>
    `"number_lists" must hold one entry per line (${String(p.expected)} entries, each with one list per ` +
    `NumListToken of that line), or be [] when no line has a NumListToken${where(p)}.`,
  'mtp.numberListsCount': (p: Params) =>
    `Line ${nth(p.line)} has ${plural(p.expected, 'NumListToken')}, so it needs ` +
    `${plural(p.expected, 'number list')}, not ${String(p.count)}${where(p)}.`,
  'mtp.numberListLength': (p: Params) =>
    `The list for ${q(p.token)} must have ${plural(p.expected, 'number')}, not ${String(p.length)}${where(p)}.`,
  'mtp.numberOutOfRange': (p: Params) =>
    `The number ${String(p.value)} for ${q(p.token)} is outside its range ${String(p.min)}…${String(p.max)}${where(p)}.`,
  'mtp.resultNotFinal': (p: Params) =>
    `The result ${q(p.token)} is a ${String(p.kind)}; a result must be a FinalToken, FinalNumToken or ` +
    `SpecialFinalToken${where(p)}.`,
  'mtp.finalValueMissing': (p: Params) =>
    `The result ${q(p.token)} is a FinalNumToken, so the sample needs a number in "value"${where(p)}.`,
  'mtp.tooFewSamplesForResult': (p: Params) =>
    `The result ${q(p.token)} has ${plural(p.count, 'sample')}; every result of a set needs at least ` +
    `${String(p.minimum)}${where(p)}.`,
  'mtp.guardrailLine': (p: Params) =>
    `The guardrail "index" ${String(p.index)} must point at an input line (0 to ${String(p.maxIndex)})${where(p)}.`,
  'mtp.duplicateGuardrailLine': (p: Params) =>
    `Two guardrails of this set guard input line ${String(p.index)}; a line can have one guardrail${where(p)}.`,
  'mtp.badExampleHasDigits': (p: Params) =>
    `The bad example ${q(p.example)} contains digits, which are not allowed.`,
  'mtp.badExampleEmpty': () => 'A bad example must not be empty.',
  'mtp.reservedString': (p: Params) =>
    `The text contains ${q(p.marker)}, which is reserved for the model's control tokens.`,
  'mtp.tooManyProblems': (p: Params) => `${plural(p.omitted, 'more problem')} not shown.`,

  // -- rendering (MtpRenderError: a caller passed something the protocol does not define)
  'mtp.unknownSet': (p: Params) => `The protocol has no instruction set ${String(p.set)}.`,
  'mtp.unknownInstruction': (p: Params) =>
    `The protocol has no instruction set named ${q(p.name)}. Its sets: ${list(p.available)}.`,
  'mtp.inputCount': (p: Params) =>
    `The instruction set needs ${plural(p.expected, 'input line')}, not ${String(p.count)}${where(p)}.`,
  'mtp.slotNumbersCount': (p: Params) =>
    `Line ${nth(p.line)} has number slots for ${plural(p.expected, 'number')}, not ${String(p.count)}${where(p)}.`,
  'mtp.unknownGuardrail': (p: Params) =>
    `The instruction set has no guardrail ${String(p.guardrail)}${where(p)}.`,
  'mtp.unknownSample': (p: Params) => `The instruction set has no sample ${String(p.sample)}${where(p)}.`,

  // -- warnings (returned with a successful parse)
  'mtp.valueIgnored': (p: Params) =>
    `The sample's "value" is ignored: its result ${q(p.token)} is not a FinalNumToken${where(p)}.`,
  'mtp.promptIgnored': (p: Params) =>
    `The sample's "prompt" is not used for training generative sets and is ignored${where(p)}.`,
  'mtp.lineBreakInString': () =>
    'The text contains a line break; the model reads one line per string, so it is replaced by a space.',
} satisfies Record<string, (p: Params) => string>;

export type ProblemKey = keyof typeof MESSAGES;

export function problem(path: JsonPath, key: ProblemKey, params: Params = {}): Problem {
  return { path: [...path], pointer: toJsonPointer(path), key, message: MESSAGES[key](params), params };
}

/** At most MAX_PROBLEMS; when there are more, the last place says how many were left out. */
export function capProblems(problems: Problem[], max = MAX_PROBLEMS): Problem[] {
  if (problems.length <= max) return problems;
  const kept = problems.slice(0, max - 1);
  return [...kept, problem([], 'mtp.tooManyProblems', { omitted: problems.length - kept.length })];
}

/** The JSON type name of a value, as JSON Schema says it ('integer' for integral numbers). */
export function jsonTypeOf(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}
