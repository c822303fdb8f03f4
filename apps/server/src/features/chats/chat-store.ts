import { schema, type Db } from '@greenhouse/db';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.js';
import type { UserRow } from '../../lib/auth-context.js';
import { isUuid, OwnedList } from '../../lib/owned-list.js';

export type ChatRow = typeof schema.chats.$inferSelect;
export type MessageRow = typeof schema.chatMessages.$inferSelect;

const TITLE_LENGTH = 60;

/** What the chat list shows of a chat: not its draft nor the interview's state, which can be large. */
export type ChatListRow = Pick<ChatRow, 'id' | 'title' | 'answeringUntil' | 'updatedAt'>;

/** GET /bloom/chats: the user's chats, filtered by title. */
export const chatList = new OwnedList<typeof schema.chats, ChatListRow>({
  table: schema.chats,
  columns: {
    id: schema.chats.id,
    title: schema.chats.title,
    answeringUntil: schema.chats.answeringUntil,
    updatedAt: schema.chats.updatedAt,
  },
  sortColumns: {
    updatedAt: schema.chats.updatedAt,
    createdAt: schema.chats.createdAt,
    title: schema.chats.title,
  },
  search: { field: 'title', column: schema.chats.title },
});

/** A chat's title from its first message: the first words, up to TITLE_LENGTH characters. */
export function titleOf(message: string): string {
  const text = message.replace(/\s+/g, ' ').trim();
  if (text.length <= TITLE_LENGTH) return text;
  // One character more, so a word that ends exactly at the limit is kept.
  const cut = text.slice(0, TITLE_LENGTH + 1);
  const space = cut.lastIndexOf(' ');
  return `${cut.slice(0, space > 20 ? space : TITLE_LENGTH).trimEnd()}…`;
}

/** The user's own chat; anyone else's is "not found". Locked (`for update`) in a transaction on request. */
export async function ownChat(db: Db, user: UserRow, id: string, lock = false): Promise<ChatRow> {
  if (!isUuid(id)) throw new AppError('chat.not_found');
  const query = db
    .select()
    .from(schema.chats)
    .where(and(eq(schema.chats.id, id), eq(schema.chats.userId, user.id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('chat.not_found');
  return row;
}

export async function renameChat(db: Db, id: string, title: string): Promise<void> {
  await db.update(schema.chats).set({ title, updatedAt: new Date() }).where(eq(schema.chats.id, id));
}

/** Deletes the chat with its messages; an answer still being written then stores nothing. */
export async function deleteChat(db: Db, id: string): Promise<void> {
  await db.delete(schema.chats).where(eq(schema.chats.id, id));
}

/** A chat's messages, oldest first. */
export async function chatMessages(db: Db, chatId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(schema.chatMessages)
    .where(eq(schema.chatMessages.chatId, chatId))
    .orderBy(asc(schema.chatMessages.position));
}

/** A chat's complete messages, oldest first: what a designer is given as the conversation. */
export async function completeMessages(db: Db, chatId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(schema.chatMessages)
    .where(and(eq(schema.chatMessages.chatId, chatId), eq(schema.chatMessages.status, 'complete')))
    .orderBy(asc(schema.chatMessages.position));
}

export async function insertChat(db: Db, values: typeof schema.chats.$inferInsert): Promise<ChatRow> {
  const [chat] = await db.insert(schema.chats).values(values).returning();
  return chat!;
}

/** How many chats each of these users has (users without any are absent): one grouped query. */
export async function countChatsByOwner(db: Db, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: schema.chats.userId, n: count() })
    .from(schema.chats)
    .where(inArray(schema.chats.userId, userIds))
    .groupBy(schema.chats.userId);
  return new Map(rows.map((r) => [r.userId, r.n]));
}
