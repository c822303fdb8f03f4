import { sharedBloomSchema } from '@greenhouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient, isApiRequestError } from '../../../lib/api-client';

const sharedPath = (token: string) => `/shared/${encodeURIComponent(token)}`;

/**
 * GET /shared/{token}: the shared agent's name and reactions. Read once a visit (each read counts as an open of
 * the link for its owner), never retried: a 404 is the answer, not a hiccup. No abort signal: a read the page
 * stops watching for a moment (StrictMode's remount) finishes into the cache instead of being sent again.
 */
export function useSharedBloom(token: string) {
  return useQuery({
    queryKey: ['shared-bloom', token],
    queryFn: () => apiClient.get(sharedPath(token), { schema: sharedBloomSchema }),
    staleTime: Infinity,
    retry: false,
  });
}

/** The address of the shared agent's file (GET /shared/{token}/agent), which the playground downloads. */
export const sharedAgentFileUrl = (token: string): string => apiClient.url(`${sharedPath(token)}/agent`);

/** Why a link shows no agent: it names none (revoked, never made, its agent deleted), or nothing is ready to run. */
export function linkProblem(error: unknown): 'not-found' | 'unavailable' | null {
  if (!isApiRequestError(error) || error.status !== 404) return null;
  return error.code === 'bloom.file_not_found' ? 'unavailable' : 'not-found';
}
