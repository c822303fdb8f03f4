import type { Bloom } from '@greenhouse/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { agentFileQuery } from '../../../lib/agent-file';

export class DownloadUnavailableError extends Error {
  constructor() {
    super('This agent has no download URL.');
    this.name = 'DownloadUnavailableError';
  }
}

/**
 * Saves the agent as {name}.json, fetched as a blob from its downloadURL (spec §7). With a query client (the
 * agent page), the file comes from the cache the playground shares, so it downloads once.
 */
export async function downloadBloomJson(
  bloom: Pick<Bloom, 'name' | 'downloadURL'> & { id?: string },
  queryClient?: QueryClient,
): Promise<void> {
  if (!bloom.downloadURL) throw new DownloadUnavailableError();
  const blob =
    queryClient && bloom.id !== undefined
      ? new Blob(
          [await queryClient.fetchQuery(agentFileQuery({ id: bloom.id, downloadURL: bloom.downloadURL }))],
          {
            type: 'application/json',
          },
        )
      : await apiClient.getBlob(bloom.downloadURL);
  saveBlob(blob, `${bloom.name}.json`);
}

/** The message for a failed download (spec §8). */
export function downloadErrorKey(error: unknown): string {
  return error instanceof DownloadUnavailableError ? 'download.notAvailable' : 'download.failed';
}
