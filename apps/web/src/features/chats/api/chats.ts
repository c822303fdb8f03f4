import { chatListResponseSchema, type ChatListResponse, type ChatTitleForm } from '@greenhouse/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { FIRST_PAGE, listPageQuery, nextPageAfter } from '../../../lib/pagination';
import { queryKeys } from '../../../lib/query-client';

/** While any loaded chat is answering, the list polls this often (spec §4). */
export const CHAT_POLL_INTERVAL_MS = 5000;

export const chatListQueryKey = [...queryKeys.chats, 'list'] as const;

export function isAnyChatAnswering(pages: readonly ChatListResponse[] | undefined): boolean {
  return pages?.some((page) => page.chats.some((chat) => chat.answering)) ?? false;
}

/** GET /bloom/chats, page by page (10 a page, most recently updated first). */
export function useChatList() {
  return useInfiniteQuery({
    queryKey: chatListQueryKey,
    queryFn: ({ pageParam, signal }) =>
      apiClient.get('/bloom/chats', {
        query: listPageQuery(pageParam),
        schema: chatListResponseSchema,
        signal,
      }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage, _pages, lastPageParam) =>
      nextPageAfter(lastPage.chats.length, lastPageParam),
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    staleTime: 0,
    refetchInterval: (query) => (isAnyChatAnswering(query.state.data?.pages) ? CHAT_POLL_INTERVAL_MS : false),
  });
}

export const chatPath = (id: string) => `/bloom/chats/${encodeURIComponent(id)}`;
export const chatQueryKey = (id: string) => [...queryKeys.chats, 'detail', id] as const;

/** PUT /bloom/chats/{id} with the new title. */
export function useRenameChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: string } & ChatTitleForm) =>
      apiClient.put<unknown>(chatPath(id), { body: { title } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.chats }),
  });
}

/**
 * DELETE /bloom/chats/{id}. Only the list is refetched: the deleted chat's own query is left alone (a refetch
 * would only find it gone and flash "not found" before the screen moves away).
 */
export function useDeleteChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<unknown>(chatPath(id)),
    onMutate: (id) => queryClient.cancelQueries({ queryKey: chatQueryKey(id) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatListQueryKey }),
  });
}
