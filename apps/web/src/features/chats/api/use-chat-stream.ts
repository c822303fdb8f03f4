import type { ChatDetail } from '@greenhouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-client';
import { applyChatStreamEvent, openChatStream, type EventSourceFactory } from './chat-stream';
import { chatListQueryKey, chatPath, chatQueryKey } from './chats';

/** How long after a broken stream the chat is read again (and, if it still answers, the stream reopened). */
export const STREAM_RETRY_MS = 2000;

/**
 * While the chat is answering, follows its answer live: each event updates the cached chat (so the
 * conversation and the draft grow as they are written); `done` stores the finished chat, which stops the
 * stream, and refreshes the sidebar's list and the prompts left (a failed answer gives its prompt back).
 * A reload in the middle of an answer gets the partial text from GET and picks the stream up again.
 */
export function useChatStream(chatId: string, answering: boolean, createSource?: EventSourceFactory): void {
  const queryClient = useQueryClient();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!answering) return;
    const key = chatQueryKey(chatId);
    let retry: ReturnType<typeof setTimeout> | undefined;
    const close = openChatStream(
      apiClient.url(`${chatPath(chatId)}/stream`),
      {
        onEvent(event) {
          queryClient.setQueryData<ChatDetail>(key, (chat) => chat && applyChatStreamEvent(chat, event));
          if (event.type === 'done') {
            void queryClient.invalidateQueries({ queryKey: chatListQueryKey });
            void queryClient.invalidateQueries({ queryKey: queryKeys.user });
          }
        },
        onBroken() {
          retry = setTimeout(() => {
            void queryClient.refetchQueries({ queryKey: key }).finally(() => setAttempt((n) => n + 1));
          }, STREAM_RETRY_MS);
        },
      },
      createSource,
    );
    return () => {
      clearTimeout(retry);
      close();
    };
  }, [chatId, answering, attempt, queryClient, createSource]);
}
