import type { AdminAccount, ListQuery, RoleName } from '@greenhouse/contracts';
import { schema, type Db } from '@greenhouse/db';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, not, type SQL } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import type { UserRow } from '../../lib/auth-context.js';
import { containsPattern, isUuid } from '../../lib/owned-list.js';
import { countBloomsByOwner } from '../blooms/all-blooms.js';
import { countChatsByOwner } from '../chats/chat-store.js';
import { presentUser } from '../users/present-user.js';

export interface AccountFilter {
  email?: string;
  role?: RoleName[];
  active?: boolean;
  pending?: boolean;
}

const users = schema.users;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Waiting for an admin's approval: confirmed, inactive, and not deactivated by an admin. */
const pendingSql: SQL = and(
  isNotNull(users.emailConfirmedAt),
  eq(users.active, false),
  isNull(users.deactivatedAt),
)!;

/** Accounts as the admin panel shows them, with their agents and chats counted in one query each. */
async function present(db: Db, prompts: Config['prompts'], rows: UserRow[]): Promise<AdminAccount[]> {
  const ids = rows.map((r) => r.id);
  const agents = await countBloomsByOwner(db, ids);
  const chats = await countChatsByOwner(db, ids);
  return rows.map((row) => ({
    ...presentUser(row, prompts),
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: iso(row.lastSeenAt),
    approvedAt: iso(row.approvedAt),
    deactivatedAt: iso(row.deactivatedAt),
    pending: row.emailConfirmedAt !== null && !row.active && row.deactivatedAt === null,
    promptSettings: { limit: row.promptsLimit, renewalDays: row.promptsRenewalDays },
    agents: agents.get(row.id) ?? 0,
    chats: chats.get(row.id) ?? 0,
  }));
}

export async function presentAccount(
  db: Db,
  prompts: Config['prompts'],
  row: UserRow,
): Promise<AdminAccount> {
  const [account] = await present(db, prompts, [row]);
  return account!;
}

export async function findAccount(db: Db, prompts: Config['prompts'], id: string): Promise<AdminAccount> {
  if (!isUuid(id)) throw new AppError('account.not_found');
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new AppError('account.not_found');
  return presentAccount(db, prompts, row);
}

/** GET /accounts: a page of the accounts the filter matches, by createdAt or email. */
export async function pageAccounts(
  db: Db,
  prompts: Config['prompts'],
  query: ListQuery,
  filter: AccountFilter,
): Promise<{ accounts: AdminAccount[]; total: number }> {
  const where = and(
    filter.email !== undefined ? ilike(users.email, containsPattern(filter.email)) : undefined,
    filter.role ? inArray(users.role, filter.role) : undefined,
    filter.active !== undefined ? eq(users.active, filter.active) : undefined,
    filter.pending !== undefined ? (filter.pending ? pendingSql : not(pendingSql)) : undefined,
  );
  const column = query.sort === 'email' ? users.email : users.createdAt;
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(query.sortOrder === 'asc' ? asc(column) : desc(column), desc(users.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { accounts: await present(db, prompts, rows), total: total?.n ?? 0 };
}
