import type { User } from '@greenhouse/contracts';
import type { Config } from '../../config.js';
import type { UserRow } from '../../lib/auth-context.js';
import { promptAllowance } from './prompt-period.js';

/** The user as the API shows it: never the password hash or any token. */
export function presentUser(user: UserRow, prompts: Config['prompts']): User {
  const allowance = promptAllowance(user, prompts);
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: { name: user.role },
    language: user.language,
    active: user.active,
    emailConfirmed: user.emailConfirmedAt !== null,
    hasPassword: user.passwordHash !== null,
    prompts: {
      limit: allowance.limit,
      used: allowance.used,
      renewalDays: allowance.renewalDays,
      nextRenewalAt: allowance.nextRenewalAt.toISOString(),
    },
  };
}
