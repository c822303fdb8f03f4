// Every user's chats for the admin panel (GET /admin/chats): title, mode, state and dates, never their
// messages or draft.
import type { AdminChat, ListQuery } from '@greenhouse/contracts';
import { schema, type Db } from '@greenhouse/db';
import { asc, count, desc, eq } from 'drizzle-orm';
import { isAnswering } from '../chats/chat-turns.js';

export interface AllChatsFilter {
  userId?: string;
}

const columns = {
  id: schema.chats.id,
  title: schema.chats.title,
  mode: schema.chats.mode,
  answeringUntil: schema.chats.answeringUntil,
  closedAt: schema.chats.closedAt,
  bloomId: schema.chats.bloomId,
  createdAt: schema.chats.createdAt,
  updatedAt: schema.chats.updatedAt,
};

type Row = {
  [K in keyof typeof columns]: (typeof schema.chats.$inferSelect)[K];
};

function present(row: Row): AdminChat {
  return {
    id: row.id,
    title: row.title,
    mode: row.mode === 'model' ? 'model' : 'guided',
    state: row.closedAt ? 'closed' : isAnswering(row) ? 'answering' : 'open',
    bloomId: row.bloomId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A page of chats (one account's with `userId`), by the query's sort: updatedAt (default) or createdAt. */
export async function pageAllChats(
  db: Db,
  query: ListQuery,
  filter: AllChatsFilter,
): Promise<{ chats: AdminChat[]; total: number }> {
  const where = filter.userId ? eq(schema.chats.userId, filter.userId) : undefined;
  const column = query.sort === 'createdAt' ? schema.chats.createdAt : schema.chats.updatedAt;
  const rows = await db
    .select(columns)
    .from(schema.chats)
    .where(where)
    .orderBy(query.sortOrder === 'asc' ? asc(column) : desc(column), desc(schema.chats.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(schema.chats).where(where);
  return { chats: rows.map(present), total: total?.n ?? 0 };
}
