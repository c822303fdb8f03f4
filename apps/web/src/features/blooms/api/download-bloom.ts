import type { Bloom } from '@greenhouse/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { agentFileQuery } from '../../../lib/agent-file';
import { zipFolder } from './zip-folder';

export class DownloadUnavailableError extends Error {
  constructor() {
    super('This agent has no download URL.');
    this.name = 'DownloadUnavailableError';
  }
}

/**
 * Saves the agent as {name}.json, fetched as a blob from its downloadURL (docs/product-rules.md §7). With a
 * query client (the agent page), the file comes from the cache the playground shares, so it downloads once.
 */
export async function downloadBloomJson(
  bloom: Pick<Bloom, 'name' | 'downloadURL'> & Partial<Pick<Bloom, 'id' | 'currentVersion'>>,
  queryClient?: QueryClient,
): Promise<void> {
  if (!bloom.downloadURL) throw new DownloadUnavailableError();
  const blob =
    queryClient && bloom.id !== undefined
      ? new Blob(
          [
            await queryClient.fetchQuery(
              agentFileQuery({
                id: bloom.id,
                downloadURL: bloom.downloadURL,
                currentVersion: bloom.currentVersion ?? 1,
              }),
            ),
          ],
          {
            type: 'application/json',
          },
        )
      : await apiClient.getBlob(bloom.downloadURL);
  saveBlob(blob, `${bloom.name}.json`);
}

/**
 * Saves the agent's Unreal model folder (Flora native's: the template, tokenizer.bin, weights.bin) as
 * <Name>.zip, made here from the agent file (the same cached download) by Flora's export — loaded only now.
 */
export async function downloadUnrealZip(
  bloom: Pick<Bloom, 'id' | 'downloadURL' | 'currentVersion'>,
  queryClient: QueryClient,
): Promise<void> {
  if (!bloom.downloadURL) throw new DownloadUnavailableError();
  const bytes = await queryClient.fetchQuery(
    agentFileQuery({ id: bloom.id, downloadURL: bloom.downloadURL, currentVersion: bloom.currentVersion }),
  );
  const { exportUnreal } = await import('@greenhouse/flora');
  const { fileName, zip } = await zipFolder(await exportUnreal(new Uint8Array(bytes)));
  saveBlob(new Blob([zip], { type: 'application/zip' }), fileName);
}

/** The message for a failed download (docs/product-rules.md §8). */
export function downloadErrorKey(error: unknown): string {
  return error instanceof DownloadUnavailableError ? 'download.notAvailable' : 'download.failed';
}
