import { bloomListResponseSchema, type BloomNameForm } from '@greenhouse/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { FIRST_PAGE, listPageQuery, nextPageAfter } from '../../../lib/pagination';
import { queryKeys } from '../../../lib/query-client';

export const bloomListQueryKey = [...queryKeys.blooms, 'list'] as const;

/** GET /blooms, page by page (10 a page, most recently updated first). */
export function useBloomList() {
  return useInfiniteQuery({
    queryKey: bloomListQueryKey,
    queryFn: ({ pageParam, signal }) =>
      apiClient.get('/blooms', { query: listPageQuery(pageParam), schema: bloomListResponseSchema, signal }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage, _pages, lastPageParam) =>
      nextPageAfter(lastPage.blooms.length, lastPageParam),
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    staleTime: 0,
  });
}

const bloomPath = (id: string) => `/blooms/${encodeURIComponent(id)}`;

/** PUT /blooms/{id} with the new name. */
export function useRenameBloom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string } & BloomNameForm) =>
      apiClient.put<unknown>(bloomPath(id), { body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.blooms }),
  });
}

/** DELETE /blooms/{id}. */
export function useDeleteBloom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<unknown>(bloomPath(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.blooms }),
  });
}
