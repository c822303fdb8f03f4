// Every failure Flora reports on purpose is a FloraError with a stable `code` (callers branch on the code,
// people read the message).

export type FloraErrorCode =
  /** The agent file is not JSON (or not UTF-8). */
  | 'invalid_json'
  /** JSON, but not a Greenhouse agent file. */
  | 'unknown_format'
  /** A Greenhouse agent file of a formatVersion this Flora does not read. */
  | 'unsupported_version'
  /** A file's bytes do not match its sha256 in the manifest. */
  | 'checksum_mismatch'
  /** Missing or inconsistent parts: files, tensor table, weights length, tokenizer, template. */
  | 'damaged'
  /** A model whose functions this engine does not implement (activation, attention, weights format…). */
  | 'unsupported_architecture'
  /** `run`/`stream`: no instruction of that name. */
  | 'unknown_instruction'
  /** `run`/`stream`: wrong number of input lines or numbers, a number out of its slot's range. */
  | 'bad_input'
  /** `run`/`stream`: an option outside its domain (negative temperature, topK not a positive integer…). */
  | 'bad_option'
  /** The rendered prompt has more tokens than the model's context. */
  | 'prompt_too_long'
  /** A stream was advanced after another run started on the same agent (they share one KV cache). */
  | 'interrupted';

export class FloraError extends Error {
  readonly code: FloraErrorCode;
  constructor(code: FloraErrorCode, message: string) {
    super(message);
    this.name = 'FloraError';
    this.code = code;
  }
}
