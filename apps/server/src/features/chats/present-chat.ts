import type { ChatDetail, ChatSummary } from '@greenhouse/contracts';
import type { BloomDraft } from '@greenhouse/mtp';
import type { ChatListRow, ChatRow, MessageRow } from './chat-store.js';
import { isAnswering } from './chat-turns.js';
import type { LiveAnswer } from './live-answers.js';

/** A chat in the list. */
export function presentChatSummary(row: ChatListRow): ChatSummary {
  return {
    id: row.id,
    title: row.title,
    answering: isAnswering(row),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A chat with its messages; the answer this process is writing shows as it is now (`live`). */
export function presentChatDetail(
  row: ChatRow,
  messages: MessageRow[],
  live: LiveAnswer | undefined,
): ChatDetail {
  const answering = isAnswering(row);
  return {
    ...presentChatSummary(row),
    mode: row.mode === 'model' ? 'model' : 'guided',
    closed: row.closedAt !== null,
    bloomId: row.bloomId,
    draft: (live?.draft ?? row.draft) as BloomDraft,
    messages: messages.map((m) => ({
      id: m.id,
      role: m.role,
      content: live?.messageId === m.id ? live.content : m.content,
      // A writer that stopped without storing its answer leaves it "answering" past its lease.
      status: m.status === 'answering' && !answering ? 'interrupted' : m.status,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}
