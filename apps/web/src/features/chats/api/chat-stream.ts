import type { BloomDraft } from '@greenhouse/mtp';
import { chatStreamEvents, type ChatDetail, type ChatStreamEventName } from '@greenhouse/contracts';

/** One event of GET /bloom/chats/{id}/stream, its data checked with the contracts' schema. */
export type ChatStreamEvent =
  | { type: 'text'; messageId: string; content: string }
  | { type: 'draft'; draft: BloomDraft }
  | { type: 'done'; chat: ChatDetail };

const eventNames = Object.keys(chatStreamEvents) as ChatStreamEventName[];

/** The event named `name` with the JSON `data`, or null when the data is not JSON or not of its shape. */
export function parseChatStreamEvent(name: ChatStreamEventName, data: string): ChatStreamEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  switch (name) {
    case 'text': {
      const parsed = chatStreamEvents.text.safeParse(json);
      return parsed.success ? { type: 'text', ...parsed.data } : null;
    }
    case 'draft': {
      const parsed = chatStreamEvents.draft.safeParse(json);
      return parsed.success ? { type: 'draft', ...parsed.data } : null;
    }
    case 'done': {
      const parsed = chatStreamEvents.done.safeParse(json);
      return parsed.success ? { type: 'done', ...parsed.data } : null;
    }
  }
}

/**
 * The chat after an event: `text` is the whole answer so far (it replaces the message's content; a message
 * the chat does not list yet is added as being written), `draft` the draft as the answer changed it, `done`
 * the stored chat itself.
 */
export function applyChatStreamEvent(chat: ChatDetail, event: ChatStreamEvent): ChatDetail {
  switch (event.type) {
    case 'text': {
      const { messageId, content } = event;
      if (chat.messages.some((m) => m.id === messageId)) {
        return {
          ...chat,
          messages: chat.messages.map((m) => (m.id === messageId ? { ...m, content } : m)),
        };
      }
      const added = {
        id: messageId,
        role: 'assistant' as const,
        content,
        status: 'answering' as const,
        createdAt: new Date().toISOString(),
      };
      return { ...chat, messages: [...chat.messages, added] };
    }
    case 'draft':
      return { ...chat, draft: event.draft };
    case 'done':
      return event.chat;
  }
}

/** The part of the browser's EventSource the stream uses (tests pass a fake). */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export type EventSourceFactory = (url: string) => EventSourceLike;

/** EventSource.CLOSED: the browser gave up and will not reconnect. */
const CLOSED = 2;

const browserEventSource: EventSourceFactory = (url) => new EventSource(url, { withCredentials: true });

export interface ChatStreamHandlers {
  onEvent: (event: ChatStreamEvent) => void;
  /**
   * The stream cannot go on: the server refused it (or it is not an event stream), or an event came that
   * cannot be read. The stream is closed; read the chat again. (A dropped connection is not this: the
   * browser reconnects by itself, and the next `text` event carries the whole answer again.)
   */
  onBroken: () => void;
}

/**
 * Opens the answer stream at `url` (with the session cookie) and hands over each event, checked. It closes
 * itself after `done` (the server ends the stream there); the returned function closes it earlier.
 */
export function openChatStream(
  url: string,
  handlers: ChatStreamHandlers,
  create: EventSourceFactory = browserEventSource,
): () => void {
  const source = create(url);
  let closed = false;
  const close = () => {
    closed = true;
    source.close();
  };
  for (const name of eventNames) {
    source.addEventListener(name, (message) => {
      if (closed) return;
      const event = parseChatStreamEvent(name, message.data);
      if (!event) {
        close();
        handlers.onBroken();
        return;
      }
      if (event.type === 'done') close();
      handlers.onEvent(event);
    });
  }
  source.onerror = () => {
    if (closed || source.readyState !== CLOSED) return;
    closed = true;
    handlers.onBroken();
  };
  return close;
}
