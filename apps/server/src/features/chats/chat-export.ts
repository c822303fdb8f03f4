import type { AccountExport } from '@greenhouse/contracts';
import { schema, type Db } from '@greenhouse/db';
import { asc, eq, inArray } from 'drizzle-orm';

/** Every chat of a user with its draft and all its messages, oldest first: their part of the data export. */
export async function exportChats(db: Db, userId: string): Promise<AccountExport['chats']> {
  const chats = await db
    .select()
    .from(schema.chats)
    .where(eq(schema.chats.userId, userId))
    .orderBy(asc(schema.chats.createdAt), asc(schema.chats.id));
  if (chats.length === 0) return [];
  const messages = await db
    .select()
    .from(schema.chatMessages)
    .where(
      inArray(
        schema.chatMessages.chatId,
        chats.map((chat) => chat.id),
      ),
    )
    .orderBy(asc(schema.chatMessages.position));
  return chats.map((chat) => ({
    id: chat.id,
    title: chat.title,
    createdAt: chat.createdAt.toISOString(),
    updatedAt: chat.updatedAt.toISOString(),
    draft: chat.draft,
    messages: messages
      .filter((message) => message.chatId === chat.id)
      .map((message) => ({
        role: message.role,
        content: message.content,
        createdAt: message.createdAt.toISOString(),
      })),
  }));
}
