import { chatDetailSchema, type ChatDetail } from '@greenhouse/contracts';
import { schema, type Db } from '@greenhouse/db';
import { eq } from 'drizzle-orm';
import type { SessionClient } from './session-client.js';

/** Polls a chat until its answer is stored (answering false), or fails after `timeoutMs`. */
export async function answered(client: SessionClient, id: string, timeoutMs = 15_000): Promise<ChatDetail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.get(`/api/bloom/chats/${id}`);
    if (res.status !== 200) throw new Error(`GET chat: ${res.status} ${res.text}`);
    const chat = chatDetailSchema.parse(res.body);
    if (!chat.answering) return chat;
    if (Date.now() > until) throw new Error(`chat ${id} still answering after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Sends a message and waits for its answer; fails unless the send is accepted. */
export async function say(client: SessionClient, id: string, message: string): Promise<ChatDetail> {
  const res = await client.post(`/api/bloom/chats/${id}/messages`, { message });
  if (res.status !== 202) throw new Error(`send: ${res.status} ${res.text}`);
  return answered(client, id);
}

/** The last assistant message's text. */
export const lastAnswer = (chat: ChatDetail) => chat.messages.filter((m) => m.role === 'assistant').at(-1)!;

export interface SseEvent {
  event: string;
  data: unknown;
}

/** Reads a server-sent-events response to its end (the server ends the chat stream after `done`). */
export async function readEvents(response: Response): Promise<SseEvent[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('event:'))
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)![1]!;
      const data = /^data: (.*)$/m.exec(block)![1]!;
      return { event, data: JSON.parse(data) as unknown };
    });
}

/** The protocol an agent was made from, as stored (version 1). */
export async function storedProtocol(db: Db, bloomId: string): Promise<Record<string, unknown>> {
  const [row] = await db
    .select()
    .from(schema.bloomProtocols)
    .where(eq(schema.bloomProtocols.bloomId, bloomId));
  return row!.content as Record<string, unknown>;
}

/** The player lines of a stored protocol's first instruction. */
export const protocolInputs = (protocol: Record<string, unknown>) =>
  (
    protocol as { instruction: { sets: { samples: { strings: string[] }[] }[] } }
  ).instruction.sets[0]!.samples.map((s) => s.strings[0]!);
