import type { ServerResponse } from 'node:http';
import type { ChatDetail, ChatStreamEventName } from '@greenhouse/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveAnswers } from './live-answers.js';

/** How often a stream looks at the database when the answer is written by another process. */
const POLL_MS = 1000;
/** A comment line now and then keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;

interface ChatStream {
  chatId: string;
  /** The chat as the user may see it (throws when it is not theirs or is gone). */
  load: () => Promise<ChatDetail>;
  live: LiveAnswers;
  log: FastifyBaseLogger;
}

/**
 * Server-sent events of the answer being written, until it is stored (`done`, with the chat). The
 * framing is three lines of text; a library would add nothing but a dependency. The chat is loaded
 * before the first byte, so its errors (not found) are ordinary JSON.
 */
export async function streamChat(
  reply: { hijack(): unknown; raw: ServerResponse },
  { chatId, load, live, log }: ChatStream,
): Promise<void> {
  let chat = await load();
  const closed = new AbortController();
  reply.raw.on('close', () => closed.abort());
  reply.hijack();
  reply.raw.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
    'X-Content-Type-Options': 'nosniff',
  });
  const send = (event: ChatStreamEventName, data: unknown) =>
    reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  let sentText: string | null = null;
  let sentDraft: unknown = null;
  let lastWrite = Date.now();
  try {
    while (!closed.signal.aborted) {
      const answer = live.get(chatId);
      if (!answer) chat = await load();
      if (!answer && !chat.answering) {
        send('done', { chat });
        break;
      }
      // The answer being written: here in memory, or as another process last saved it.
      const current = answer ? { id: answer.messageId, content: answer.content } : chat.messages.at(-1);
      if (current && current.content !== sentText) {
        send('text', { messageId: current.id, content: current.content });
        sentText = current.content;
        lastWrite = Date.now();
      }
      const draft = answer ? answer.draft : null;
      if (draft && draft !== sentDraft) {
        send('draft', { draft });
        sentDraft = draft;
        lastWrite = Date.now();
      }
      if (Date.now() - lastWrite > KEEP_ALIVE_MS) {
        reply.raw.write(': keep-alive\n\n');
        lastWrite = Date.now();
      }
      await live.next(chatId, POLL_MS, closed.signal);
    }
  } catch (error) {
    // The chat was deleted meanwhile, or the database failed: the stream just ends.
    log.warn({ err: error, chatId }, 'chat stream ended early');
  } finally {
    reply.raw.end();
  }
}
