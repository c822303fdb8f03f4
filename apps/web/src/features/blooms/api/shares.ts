// An agent's share links (issue 34): POST /blooms/{id}/shares, GET /blooms/{id}/shares, DELETE
// /blooms/{id}/shares/{shareId}.
import { createdShareSchema, shareListResponseSchema, type Share } from '@greenhouse/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-client';

const sharesPath = (id: string) => `/blooms/${encodeURIComponent(id)}/shares`;
/** An agent's links; cached only while the share dialog shows them (opens change with every visit). */
export const sharesQueryKey = (id: string) => [...queryKeys.blooms, 'shares', id] as const;

/** GET /blooms/{id}/shares: newest first, with their opens. */
export function useShares(id: string) {
  return useQuery({
    queryKey: sharesQueryKey(id),
    queryFn: async ({ signal }) =>
      (await apiClient.get(sharesPath(id), { schema: shareListResponseSchema, signal })).shares,
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * POST /blooms/{id}/shares → 201 with the link. The answer is the only time the link is seen (the server keeps
 * only its token's hash), so it goes to the caller and never into the cache; the list is read again.
 */
export function useCreateShare(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post(sharesPath(id), { schema: createdShareSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharesQueryKey(id) }),
  });
}

/** DELETE /blooms/{id}/shares/{shareId}: the link answers 404 from now on. */
export function useRevokeShare(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (share: Pick<Share, 'id'>) =>
      apiClient.delete<unknown>(`${sharesPath(id)}/${encodeURIComponent(share.id)}`),
    onSuccess: (_answer, share) => {
      queryClient.setQueryData<Share[]>(sharesQueryKey(id), (shares) =>
        shares?.filter((item) => item.id !== share.id),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharesQueryKey(id) }),
  });
}
