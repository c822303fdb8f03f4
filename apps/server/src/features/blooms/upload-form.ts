import { hasUnstorableCharacters } from '@greenhouse/contracts';
import { AppError } from '../../lib/app-error.js';

export interface UploadForm {
  /** The `name` field, when one was sent. */
  name: string | undefined;
  /** The first `file` part that is a file (has a filename). */
  file: { fileName: string; bytes: Buffer };
}

/**
 * Reads the upload's multipart/form-data body, already read whole (it is at most the route's bodyLimit), with
 * the platform's own parser: the `formData()` of WHATWG fetch (undici, built into Node).
 *
 * Not @fastify/multipart and busboy, which streamed it: busboy stalls for good on a part without
 * Content-Disposition of 16 KiB or more (the skipped part's stream ends while busboy waits for it to ask for
 * more, so the request never ends), and its framing errors reached the error handler as 500s. The fetch
 * parser refuses every framing defect (no closing boundary, no or another boundary, LF-only line ends, a
 * part without Content-Disposition, garbage) with one error, answered here as BAD_REQUEST: the request is
 * not well-formed multipart, which no browser sends, so no field of the form is to blame.
 */
export async function readUploadForm(
  body: unknown,
  contentType: string | undefined,
  maxFileBytes: number,
): Promise<UploadForm> {
  if (!Buffer.isBuffer(body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': contentType ?? '' },
    }).formData();
  } catch {
    throw new AppError(
      'BAD_REQUEST',
      { reason: 'malformed_multipart' },
      'The upload is not well-formed multipart/form-data.',
    );
  }
  const name = form.get('name');
  if (typeof name === 'string' && hasUnstorableCharacters(name))
    throw AppError.field('validation.invalid_characters', 'name');
  const file = form.getAll('file').find((entry) => typeof entry !== 'string');
  // A `file` part without a filename arrives as text: the file (a part with a filename) is still missing.
  if (!file) {
    const asText = form.has('file');
    throw new AppError(
      'bloom.missing_file',
      asText ? { field: 'file', reason: 'no_file_name' } : { field: 'file' },
      asText ? 'The file part has no filename: send the protocol as a file.' : undefined,
    );
  }
  if (file.size > maxFileBytes) throw new AppError('PAYLOAD_TOO_LARGE', { field: 'file', max: maxFileBytes });
  return {
    name: typeof name === 'string' ? name : undefined,
    file: { fileName: file.name, bytes: Buffer.from(await file.arrayBuffer()) },
  };
}
