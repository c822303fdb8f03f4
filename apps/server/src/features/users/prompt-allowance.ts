import { schema, type Db } from '@greenhouse/db';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { DAY_MS, promptAllowance } from './prompt-period.js';

/**
 * Uses one prompt of the user's allowance inside the caller's transaction: the user's row is locked
 * (SELECT … FOR UPDATE), so concurrent sends by one user are counted one after the other and the limit
 * holds exactly. A period that has passed is renewed in the same write. Admins are never limited and
 * nothing is counted for them (null). Returns the period the prompt was counted in, to give it back.
 */
export async function usePrompt(
  tx: Db,
  userId: string,
  defaults: Config['prompts'],
  now = new Date(),
): Promise<Date | null> {
  const [user] = await tx.select().from(schema.users).where(eq(schema.users.id, userId)).for('update');
  if (!user) throw new AppError('account.not_found');
  if (user.role === 'admin') return null;
  const allowance = promptAllowance(user, defaults, now);
  if (allowance.used >= allowance.limit) {
    throw new AppError('account.prompts_insufficient', {
      limit: allowance.limit,
      nextRenewalAt: allowance.nextRenewalAt.toISOString(),
    });
  }
  const periodStart = new Date(allowance.nextRenewalAt.getTime() - allowance.renewalDays * DAY_MS);
  await tx
    .update(schema.users)
    .set({ promptsUsed: allowance.used + 1, promptsPeriodStart: periodStart })
    .where(eq(schema.users.id, userId));
  return periodStart;
}

/** Gives back a prompt `usePrompt` counted, if its period is still the current one. */
export async function givePromptBack(tx: Db, userId: string, periodStart: Date): Promise<void> {
  await tx
    .update(schema.users)
    .set({ promptsUsed: sql`${schema.users.promptsUsed} - 1` })
    .where(
      and(
        eq(schema.users.id, userId),
        eq(schema.users.promptsPeriodStart, periodStart),
        gt(schema.users.promptsUsed, 0),
      ),
    );
}
