import { chatListResponseSchema, chatTitleFormSchema, type ChatListResponse } from '@greenhouse/contracts';
import { ownedList } from '../../../lib/owned-list';
import { queryKeys } from '../../../lib/query-client';

/** While any loaded chat is answering, the list polls this often (docs/product-rules.md §4). */
export const CHAT_POLL_INTERVAL_MS = 5000;

export function isAnyChatAnswering(pages: readonly ChatListResponse[] | undefined): boolean {
  return pages?.some((page) => page.chats.some((chat) => chat.answering)) ?? false;
}

/**
 * The user's chats: GET /bloom/chats (page by page, polled while one is answering), PUT /bloom/chats/{id}
 * with the new title, DELETE /bloom/chats/{id}.
 */
export const chatList = ownedList({
  root: queryKeys.chats,
  path: '/bloom/chats',
  schema: chatListResponseSchema,
  items: (page) => page.chats,
  pollInterval: (pages) => (isAnyChatAnswering(pages) ? CHAT_POLL_INTERVAL_MS : false),
  field: 'title',
  fieldSchema: chatTitleFormSchema,
});

export const chatListQueryKey = chatList.listKey;
export const chatPath = chatList.itemPath;
export const chatQueryKey = chatList.detailKey;
