import { adminChatListQuery, adminChatListResponseSchema, PAGE_SIZE } from '@greenhouse/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { adminKeys, type ChatListQuery } from './admin-accounts';

/** GET /admin/chats: a page of one account's chats, most recently active first. */
export function useAdminChats(query: ChatListQuery) {
  return useQuery({
    queryKey: adminKeys.chatList(query),
    queryFn: ({ signal }) =>
      apiClient.get('/admin/chats', {
        query: {
          page: query.page,
          pageSize: PAGE_SIZE,
          sort: adminChatListQuery.defaultSort,
          sortOrder: 'desc',
          filter: { userId: query.userId },
        },
        schema: adminChatListResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
