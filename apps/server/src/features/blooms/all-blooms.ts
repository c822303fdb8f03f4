// Every user's agents, for the admin panel and for deleting an account: counts per owner, an owner's
// agent ids, and the list of all agents with their owner, stage, payment and failure.
import type { AdminBloom, ListQuery, WorkStatus } from '@greenhouse/contracts';
import { schema, type Db } from '@greenhouse/db';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { readStages, bloomStatusSql, type StageRow } from '../pipeline/stages.js';

/** How many agents each of these users has (users without any are absent): one grouped query. */
export async function countBloomsByOwner(db: Db, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: schema.blooms.userId, n: count() })
    .from(schema.blooms)
    .where(inArray(schema.blooms.userId, userIds))
    .groupBy(schema.blooms.userId);
  return new Map(rows.map((r) => [r.userId, r.n]));
}

/** The ids of a user's agents (their files are removed when the account is). */
export async function bloomIdsOfOwner(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: schema.blooms.id })
    .from(schema.blooms)
    .where(eq(schema.blooms.userId, userId));
  return rows.map((r) => r.id);
}

/** Deletes every agent of a user, with what each owns (the schema cascades); their files stay for the caller. */
export async function deleteBloomsOfOwner(db: Db, userId: string): Promise<void> {
  await db.delete(schema.blooms).where(eq(schema.blooms.userId, userId));
}

export interface AllBloomsFilter {
  status?: WorkStatus[];
  userId?: string;
}

const status = bloomStatusSql(schema.blooms.id);
const columns = {
  bloom: schema.blooms,
  ownerEmail: schema.users.email,
  status,
};
type Row = { bloom: typeof schema.blooms.$inferSelect; ownerEmail: string; status: WorkStatus };

function present(row: Row, stageRows: StageRow[]): AdminBloom {
  const stages = stageRows.sort((a, b) => a.position - b.position);
  const failed = stages.find((s) => s.status === 'failed');
  const current =
    failed ?? stages.find((s) => s.status === 'processing') ?? stages.find((s) => s.status === 'pending');
  return {
    id: row.bloom.id,
    name: row.bloom.name,
    owner: { id: row.bloom.userId, email: row.ownerEmail },
    stage: current ? { name: current.name, status: current.status } : null,
    status: row.status,
    payment: { status: row.bloom.paymentStatus },
    failure: failed ? { code: failed.errorCode ?? 'INTERNAL', message: failed.errorMessage ?? '' } : null,
    createdAt: row.bloom.createdAt.toISOString(),
    updatedAt: row.bloom.updatedAt.toISOString(),
  };
}

async function presentAll(db: Db, rows: Row[]): Promise<AdminBloom[]> {
  if (rows.length === 0) return [];
  const stages = await readStages(
    db,
    rows.map((r) => r.bloom.id),
  );
  return rows.map((row) =>
    present(
      row,
      stages.filter((s) => s.bloomId === row.bloom.id),
    ),
  );
}

/** One agent as the admin panel shows it, or null if there is none with this id. */
export async function findAnyBloom(db: Db, id: string): Promise<AdminBloom | null> {
  const rows = await db
    .select(columns)
    .from(schema.blooms)
    .innerJoin(schema.users, eq(schema.users.id, schema.blooms.userId))
    .where(eq(schema.blooms.id, id));
  const [presented] = await presentAll(db, rows);
  return presented ?? null;
}

/** A page of every user's agents: failed ones first, then by the query's sort (createdAt or updatedAt). */
export async function pageAllBlooms(
  db: Db,
  query: ListQuery,
  filter: AllBloomsFilter,
): Promise<{ blooms: AdminBloom[]; total: number }> {
  const where = and(
    filter.status ? inArray(status, filter.status) : undefined,
    filter.userId ? eq(schema.blooms.userId, filter.userId) : undefined,
  );
  const column = query.sort === 'createdAt' ? schema.blooms.createdAt : schema.blooms.updatedAt;
  const failedFirst: SQL = sql`(${status} = 'failed') DESC`;
  const rows = await db
    .select(columns)
    .from(schema.blooms)
    .innerJoin(schema.users, eq(schema.users.id, schema.blooms.userId))
    .where(where)
    .orderBy(failedFirst, query.sortOrder === 'asc' ? asc(column) : desc(column), desc(schema.blooms.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(schema.blooms).where(where);
  return { blooms: await presentAll(db, rows), total: total?.n ?? 0 };
}
