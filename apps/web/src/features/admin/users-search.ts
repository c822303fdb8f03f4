import type { RoleName } from '@greenhouse/contracts';
import { statusFilters, type StatusFilter } from './account-status';

/** The users tab's state in the address: ?email=…&role=…&status=…&page=… (defaults are left out). */
export interface UsersSearch {
  email: string;
  role: RoleName | 'all';
  status: StatusFilter;
  page: number;
}

const defaults: UsersSearch = { email: '', role: 'all', status: 'all', page: 1 };

/** Reads the users tab's state; anything unknown or malformed is its default. */
export function usersQueryFrom(params: URLSearchParams): UsersSearch {
  const role = params.get('role');
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    email: (params.get('email') ?? '').trim(),
    role: role === 'admin' || role === 'user' ? role : 'all',
    status: (statusFilters as readonly (string | null)[]).includes(status) ? (status as StatusFilter) : 'all',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address's parameters with `changes` applied (other parameters, e.g. the tab, kept). */
export function usersSearchUpdate(current: URLSearchParams, changes: Partial<UsersSearch>): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes) as [
    keyof UsersSearch,
    UsersSearch[keyof UsersSearch],
  ][]) {
    if (value === defaults[key]) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}
