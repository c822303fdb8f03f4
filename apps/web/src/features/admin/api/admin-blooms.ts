import { adminBloomListResponseSchema, PAGE_SIZE } from '@greenhouse/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { adminKeys, type BloomListQuery } from './admin-accounts';

/** GET /admin/blooms: a page of every agent (or one account's), failed ones first as the server orders them. */
export function useAdminBlooms(query: BloomListQuery) {
  return useQuery({
    queryKey: adminKeys.bloomList(query),
    queryFn: ({ signal }) =>
      apiClient.get('/admin/blooms', {
        query: { page: query.page, pageSize: PAGE_SIZE, filter: { userId: query.userId } },
        schema: adminBloomListResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST /admin/blooms/{id}/retry: the failed stage runs again from its last checkpoint. */
export function useRetryBloom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.post<unknown>(`/admin/blooms/${encodeURIComponent(id)}/retry`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.blooms });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
