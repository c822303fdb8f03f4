import type { AdminAccount } from '@greenhouse/contracts';

/** What the users table and the profile say about an account, in this order of precedence. */
export type AccountStatus = 'unconfirmed' | 'pending' | 'deactivated' | 'active';

/**
 * An account whose e-mail is not confirmed cannot sign in whatever else holds, so that comes first; then
 * one waiting for an admin's approval (confirmed, inactive, never deactivated); then inactive; then active.
 */
export function accountStatus(
  account: Pick<AdminAccount, 'emailConfirmed' | 'pending' | 'active'>,
): AccountStatus {
  if (!account.emailConfirmed) return 'unconfirmed';
  if (account.pending) return 'pending';
  return account.active ? 'active' : 'deactivated';
}

/** The users tab's status filter, as the API's filter.active and filter.pending. */
export const statusFilters = ['all', 'active', 'inactive', 'pending'] as const;
export type StatusFilter = (typeof statusFilters)[number];

export function statusFilterQuery(filter: StatusFilter): { active?: boolean; pending?: boolean } {
  switch (filter) {
    case 'active':
      return { active: true };
    case 'inactive':
      return { active: false };
    case 'pending':
      return { pending: true };
    default:
      return {};
  }
}
