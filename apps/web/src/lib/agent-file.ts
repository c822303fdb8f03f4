import type { Bloom } from '@greenhouse/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { queryKeys } from './query-client';

/**
 * The agent file's bytes, fetched from the agent's downloadURL (with the session) and kept for the visit: a
 * trained version's file does not change, so the playground and the download tile share one download. The
 * agent's downloadURL serves its current version, hence the version in the key.
 */
export const agentFileQuery = (bloom: Pick<Bloom, 'id' | 'downloadURL' | 'currentVersion'>) =>
  queryOptions({
    queryKey: [...queryKeys.blooms, 'agent-file', bloom.id, bloom.currentVersion, bloom.downloadURL] as const,
    // No abort signal: a download the page stops watching (StrictMode's remount, a quick visit elsewhere)
    // finishes into the cache instead of starting over next time.
    queryFn: async () => {
      if (!bloom.downloadURL) throw new Error('This agent has no download URL.');
      return (await apiClient.getBlob(bloom.downloadURL)).arrayBuffer();
    },
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: false,
  });

/** The agent file, downloaded once (see agentFileQuery); nothing while the agent has no download URL. */
export function useAgentFile(bloom: Pick<Bloom, 'id' | 'downloadURL' | 'currentVersion'>) {
  return useQuery({ ...agentFileQuery(bloom), enabled: Boolean(bloom.downloadURL) });
}
