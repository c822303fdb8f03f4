import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client';
import { downloadBloomJson, downloadErrorKey } from './download-bloom';

describe('agent download', () => {
  it('without a download URL is not available', async () => {
    const error = await downloadBloomJson({ name: 'x', downloadURL: null }).catch((e: unknown) => e);
    expect(downloadErrorKey(error)).toBe('download.notAvailable');
  });

  it('a failed fetch is a failed download', () => {
    const failure = new ApiRequestError({
      code: 'NOT_FOUND',
      status: 404,
      message: 'x',
      type: 'error',
      params: {},
    });
    expect(downloadErrorKey(failure)).toBe('download.failed');
  });
});
