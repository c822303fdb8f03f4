import { FILE_NAME_MAX } from '@greenhouse/contracts';
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

/**
 * Checks an uploaded protocol file completely before anything is stored: name, extension,
 * JSON, kind of file, schema of its version and the semantic rules.
 */
export function checkProtocolFile(fileName: string, bytes: Buffer): CheckedProtocolFile {
  // Only the last path segment, without control characters: a name, never a path.
  const name = withoutControlCharacters(fileName.split(/[\\/]/).pop()!).trim();
  if (name.length > FILE_NAME_MAX)
    throw AppError.field('bloom.file_name_too_long', field, { max: FILE_NAME_MAX });
  if (!name.toLowerCase().endsWith('.json')) {
    throw new AppError(
      'bloom.invalid_file',
      { field, reason: 'extension' },
      'Only .json files are accepted.',
    );
  }
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  let content: unknown;
  try {
    content = JSON.parse(text);
  } catch {
    // Only on failure: the protocol package words the JSON error (with its position when known).
    const [problem] = (parseProtocolText(text) as { problems: Problem[] }).problems;
    const { line, column } = (problem?.params ?? {}) as { line?: number; column?: number };
    throw new AppError('bloom.invalid_json', { field, line, column }, problem?.message);
  }
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
