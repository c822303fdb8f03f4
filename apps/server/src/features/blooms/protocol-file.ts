import {
  FILE_NAME_MAX,
  findUnstorable,
  hasUnstorableCharacters,
  MAX_JSON_DEPTH,
  pointerOf,
} from '@greenhouse/contracts';
import {
  detectFileKind,
  parseProtocol,
  parseProtocolText,
  type Problem,
  type Protocol,
} from '@greenhouse/mtp';
import { AppError } from '../../lib/app-error.js';
import { withoutControlCharacters } from '../../lib/text.js';

/** The largest protocol file accepted (413 above it). The official examples are ~23 KB. */
export const MAX_PROTOCOL_BYTES = 2 * 1024 * 1024;

export interface CheckedProtocolFile {
  /** The file's name as the client sent it, as text only: it never becomes a path. */
  fileName: string;
  content: unknown;
  protocol: Protocol;
}

const field = 'file';

/** A problem as the API reports it: where (JSON path and pointer), a message key the client translates, the English text. */
function reportable(problems: Problem[]) {
  return problems.map(({ path, pointer, key, message, params }) => ({ path, pointer, key, message, params }));
}

// fatal: invalid UTF-8 throws; ignoreBOM: a byte-order mark stays in the text (and is dropped below).
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Refuses a protocol the database cannot store: a NUL or a lone surrogate in any string or key (each is
 * valid JSON as a `\u0000` / `\ud800` escape, and PostgreSQL's jsonb refuses both), or nesting deeper than
 * MAX_JSON_DEPTH (storing it as jsonb overflows JSON.stringify's stack; real protocols are ~6 levels deep).
 * Refused rather than replaced: the protocol is the user's training data and is downloaded again as it is,
 * so a silent change would alter what the agent learns; the answer names where the character is.
 */
function checkStorable(content: unknown): void {
  const problem = findUnstorable(content, MAX_JSON_DEPTH);
  if (!problem) return;
  const pointer = pointerOf(problem.path);
  if (problem.reason === 'too_deep') {
    throw new AppError(
      'bloom.invalid_json',
      { field, reason: 'too_deep', maxDepth: MAX_JSON_DEPTH, pointer },
      `The file nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels.`,
    );
  }
  throw new AppError(
    'bloom.invalid_json',
    { field, reason: 'invalid_characters', pointer },
    `The file contains a NUL character or a lone surrogate (at ${pointer || '/'}), which cannot be stored.`,
  );
}

/**
 * Checks an uploaded protocol file completely before anything is stored: name, extension,
 * JSON, kind of file, schema of its version and the semantic rules.
 */
export function checkProtocolFile(fileName: string, bytes: Buffer): CheckedProtocolFile {
  // Only the last path segment, without control characters: a name, never a path.
  const name = withoutControlCharacters(fileName.split(/[\\/]/).pop()!).trim();
  if (hasUnstorableCharacters(name)) throw AppError.field('validation.invalid_characters', field);
  if (name.length > FILE_NAME_MAX)
    throw AppError.field('bloom.file_name_too_long', field, { max: FILE_NAME_MAX });
  if (!name.toLowerCase().endsWith('.json')) {
    throw new AppError(
      'bloom.invalid_file',
      { field, reason: 'extension' },
      'Only .json files are accepted.',
    );
  }
  // Strictly UTF-8: a byte that is not would otherwise become U+FFFD silently, and the agent would learn
  // (and the download give back) text the user never wrote.
  let text: string;
  try {
    text = utf8.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new AppError(
      'bloom.invalid_json',
      { field, reason: 'invalid_utf8' },
      'The file is not UTF-8 text: JSON files must be.',
    );
  }
  let content: unknown;
  try {
    content = JSON.parse(text);
  } catch {
    // Only on failure: the protocol package words the JSON error (with its position when known).
    const [problem] = (parseProtocolText(text) as { problems: Problem[] }).problems;
    const { line, column } = (problem?.params ?? {}) as { line?: number; column?: number };
    throw new AppError('bloom.invalid_json', { field, line, column }, problem?.message);
  }
  checkStorable(content);
  const kind = detectFileKind(content);
  if (kind === 'template' || kind === 'model') {
    const problems = [
      {
        path: ['$schema'],
        pointer: '/$schema',
        key: 'mtp.wrongFileKind',
        message: `This is a ${kind} file, not a protocol file. Upload the protocol (bloom) file instead.`,
        params: { kind },
      },
    ];
    throw new AppError('bloom.invalid_file', { field, problems }, problems[0]!.message);
  }
  const parsed = parseProtocol(content);
  if (!parsed.ok) {
    const unsupported = parsed.problems.find((p) => p.key === 'mtp.modelTypeNotSupported');
    if (unsupported)
      throw new AppError(
        'NOT_IMPLEMENTED_YET',
        { field, problems: reportable([unsupported]) },
        unsupported.message,
      );
    throw new AppError(
      'bloom.invalid_file',
      { field, problems: reportable(parsed.problems) },
      'The file is not a valid protocol.',
    );
  }
  return { fileName: name, content, protocol: parsed.protocol };
}
