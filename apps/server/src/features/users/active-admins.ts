import { schema, type Db } from '@greenhouse/db';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.js';
import type { UserRow } from '../../lib/auth-context.js';
import { isUuid } from '../../lib/owned-list.js';

/**
 * Locks the rows of the active admins (in id order, so two transactions cannot deadlock on them) and
 * answers their ids. Whoever would demote, deactivate or delete an admin takes these locks first, so two
 * admins removing each other at once are serialised: the second sees the first one's change and is refused.
 */
export async function lockActiveAdmins(tx: Db): Promise<string[]> {
  const rows = await tx
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(and(eq(schema.users.role, 'admin'), eq(schema.users.active, true)))
    .orderBy(asc(schema.users.id))
    .for('update');
  return rows.map((r) => r.id);
}

/** Refuses to take away the last active admin (the installation would have nobody to run it). */
export function keepAnAdmin(activeAdmins: string[], target: UserRow): void {
  if (activeAdmins.length <= 1 && activeAdmins.includes(target.id)) throw new AppError('account.last_admin');
}

/** The account's row, locked for the rest of the transaction; account.not_found for any other id. */
export async function lockAccount(tx: Db, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw new AppError('account.not_found');
  const [row] = await tx.select().from(schema.users).where(eq(schema.users.id, id)).for('update');
  if (!row) throw new AppError('account.not_found');
  return row;
}
