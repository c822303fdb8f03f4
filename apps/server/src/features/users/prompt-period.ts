import type { Config } from '../../config.js';
import type { UserRow } from '../../lib/auth-context.js';

export const DAY_MS = 86_400_000;

export interface PromptAllowance {
  limit: number;
  used: number;
  renewalDays: number;
  /** When the current period ends and `used` starts again from 0. */
  nextRenewalAt: Date;
}

/**
 * A user's prompt allowance as of `now`. The account's own limit and renewal period apply when
 * set; 0 means the installation's defaults. Periods follow each other from the account's period
 * start, so an allowance whose period has passed reads as renewed (used 0) before any write.
 */
export function promptAllowance(
  user: Pick<UserRow, 'promptsLimit' | 'promptsRenewalDays' | 'promptsUsed' | 'promptsPeriodStart'>,
  defaults: Config['prompts'],
  now = new Date(),
): PromptAllowance {
  const limit = user.promptsLimit || defaults.defaultLimit;
  const renewalDays = user.promptsRenewalDays || defaults.renewalDays;
  const period = renewalDays * DAY_MS;
  const start = user.promptsPeriodStart.getTime();
  const elapsedPeriods = Math.max(0, Math.floor((now.getTime() - start) / period));
  return {
    limit,
    renewalDays,
    used: elapsedPeriods > 0 ? 0 : user.promptsUsed,
    nextRenewalAt: new Date(start + (elapsedPeriods + 1) * period),
  };
}
