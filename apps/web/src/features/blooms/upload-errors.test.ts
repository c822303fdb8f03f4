import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api-client';
import { problemsOf, uploadErrorView } from './upload-errors';

const apiError = (code: string, status: number, params: Record<string, unknown> = {}, message = code) =>
  new ApiRequestError({ code, status, message, type: 'error', params });

const required = {
  path: ['name'],
  pointer: '/name',
  key: 'mtp.required',
  message: 'm',
  params: { property: 'name' },
};

describe('uploadErrorView', () => {
  it('puts a name the server refuses on the name field', () => {
    expect(uploadErrorView(apiError('bloom.name_too_long', 400, { field: 'name', max: 128 }))).toEqual({
      target: 'name',
      message: { key: 'apiErrors.bloom.name_too_long' },
    });
    // Also without params.field.
    expect(uploadErrorView(apiError('bloom.name_too_long', 400)).target).toBe('name');
  });

  it('lists a protocol’s problems next to the file', () => {
    expect(
      uploadErrorView(apiError('bloom.invalid_file', 400, { problems: [required, { bad: true }] })),
    ).toEqual({
      target: 'file',
      message: { key: 'upload.errors.invalidProtocol' },
      problems: [required],
    });
  });

  it('says "expected JSON" for an invalid file without problems (not a .json file)', () => {
    expect(uploadErrorView(apiError('bloom.invalid_file', 400))).toEqual({
      target: 'file',
      message: { key: 'apiErrors.bloom.invalid_file' },
      problems: [],
    });
  });

  it('gives the position of invalid JSON when the server knows it', () => {
    expect(uploadErrorView(apiError('bloom.invalid_json', 400, { line: 2, column: 9 })).message).toEqual({
      key: 'upload.errors.invalidJsonAt',
      values: { line: 2, column: 9 },
    });
    expect(uploadErrorView(apiError('bloom.invalid_json', 400)).message).toEqual({
      key: 'apiErrors.bloom.invalid_json',
    });
  });

  it('shows the server’s own message for a protocol kind that is not supported yet', () => {
    expect(
      uploadErrorView(apiError('NOT_IMPLEMENTED_YET', 501, {}, 'No state machines yet.')).message,
    ).toEqual({
      text: 'No state machines yet.',
    });
  });

  it('says the limit for a file the server finds too large, and uses the API texts for the rest', () => {
    expect(uploadErrorView(apiError('PAYLOAD_TOO_LARGE', 413)).message).toEqual({
      key: 'upload.errors.fileTooLarge',
    });
    expect(uploadErrorView(apiError('TOO_MANY_REQUESTS', 429)).message).toEqual({
      key: 'apiErrors.TOO_MANY_REQUESTS',
    });
    expect(uploadErrorView(apiError('bloom.file_name_too_long', 400, { max: 128 }))).toMatchObject({
      target: 'file',
      message: { key: 'apiErrors.bloom.file_name_too_long' },
    });
    expect(uploadErrorView(new Error('boom')).message).toEqual({ key: 'apiErrors.unknown_error' });
  });
});

describe('problemsOf', () => {
  it('reads the problems list, skipping what is not a problem', () => {
    expect(problemsOf({})).toEqual([]);
    expect(problemsOf({ problems: 'x' })).toEqual([]);
    expect(problemsOf({ problems: [required, null, { key: 'k' }] })).toEqual([required]);
    expect(problemsOf({ problems: [{ key: 'mtp.x', message: 'm' }] })).toEqual([
      { path: [], pointer: '', key: 'mtp.x', message: 'm', params: {} },
    ]);
  });
});
