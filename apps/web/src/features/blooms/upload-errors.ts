import { isApiRequestError } from '../../lib/api-client';
import { apiErrorKey, errorCodeOf } from '../../lib/api-error-message';
import { formErrorOutcome } from '../../lib/form-errors';
import { problemSchema, type ProtocolProblem } from '../../lib/problem-text';

export type { ProtocolProblem };

/** The server's upload limit (PAYLOAD_TOO_LARGE above it); the form checks it before sending. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

/** The problems an error carries in params.problems; malformed entries are skipped. */
export function problemsOf(params: Record<string, unknown>): ProtocolProblem[] {
  const list = params.problems;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    const parsed = problemSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** A text to show: an i18n key with its values, or (for the server's own words) the text itself. */
export type UploadMessage = { key: string; values?: Record<string, unknown> } | { text: string };

/** Where a failed upload's message goes: the name field, or next to the file (with any protocol problems). */
export type UploadErrorView =
  | { target: 'name'; message: UploadMessage }
  | { target: 'file'; message: UploadMessage; problems: ProtocolProblem[] };

const lineAndColumn = (params: Record<string, unknown>) =>
  typeof params.line === 'number' && typeof params.column === 'number'
    ? { line: params.line, column: params.column }
    : null;

/**
 * Places the error of POST /bloom/upload: a name problem (bloom.name_too_long, or any error whose
 * params.field is `name`) on the name field; everything else next to the file, with the protocol's
 * problems listed when the server sent them.
 */
export function uploadErrorView(error: unknown): UploadErrorView {
  const code = errorCodeOf(error);
  const params = isApiRequestError(error) ? error.params : {};
  const problems = problemsOf(params);
  const file = (message: UploadMessage): UploadErrorView => ({ target: 'file', message, problems });

  const outcome = formErrorOutcome(error, ['name'] as const);
  if (outcome.kind === 'field' || code === 'bloom.name_too_long') {
    return { target: 'name', message: { key: outcome.messageKey } };
  }

  switch (code) {
    case 'bloom.invalid_file':
      return file({ key: problems.length > 0 ? 'upload.errors.invalidProtocol' : apiErrorKey(code) });
    case 'bloom.invalid_json': {
      const at = lineAndColumn(params);
      return file(at ? { key: 'upload.errors.invalidJsonAt', values: at } : { key: apiErrorKey(code) });
    }
    case 'NOT_IMPLEMENTED_YET':
      // e.g. a state_machine protocol: the server's message says what is not supported.
      return file(
        isApiRequestError(error) && error.message ? { text: error.message } : { key: apiErrorKey(code) },
      );
    case 'PAYLOAD_TOO_LARGE':
      return file({ key: 'upload.errors.fileTooLarge' });
    default:
      return file({ key: apiErrorKey(code) });
  }
}
