import type { Bloom } from '@greenhouse/contracts';
import { apiClient } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';

export class DownloadUnavailableError extends Error {
  constructor() {
    super('This agent has no download URL.');
    this.name = 'DownloadUnavailableError';
  }
}

/** Saves the agent as {name}.json, fetched as a blob from its downloadURL (spec §7). */
export async function downloadBloomJson(bloom: Pick<Bloom, 'name' | 'downloadURL'>): Promise<void> {
  if (!bloom.downloadURL) throw new DownloadUnavailableError();
  const blob = await apiClient.getBlob(bloom.downloadURL);
  saveBlob(blob, `${bloom.name}.json`);
}

/** The message for a failed download (spec §8). */
export function downloadErrorKey(error: unknown): string {
  return error instanceof DownloadUnavailableError ? 'download.notAvailable' : 'download.failed';
}
