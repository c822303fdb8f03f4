import { userSchema, type User } from '@greenhouse/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-client';
import { useRuntimeConfigState } from '../../../lib/runtime-config';

const MINUTE = 60_000;

/**
 * The session is the cached user (spec §4). `null` means signed out: a 401 on any call, or sign-out, sets
 * it. The call that refreshes the session is GET /account/data.
 */
export const userQueryOptions = (enabled: boolean) =>
  queryOptions<User | null>({
    queryKey: queryKeys.user,
    queryFn: ({ signal }) => apiClient.get('/account/data', { schema: userSchema, signal }),
    enabled,
    retry: false,
    refetchInterval: 15 * MINUTE,
    refetchOnWindowFocus: true,
    staleTime: 5 * MINUTE,
  });

export interface Session {
  user: User | null;
  /** True until the first session refresh has settled (or while the config is still unknown). */
  isPending: boolean;
}

export function useSession(): Session {
  const config = useRuntimeConfigState();
  // Enabled only once the auth cookie name is known, i.e. once the runtime config is loaded.
  const query = useQuery(userQueryOptions(config.status === 'ready' && config.config.authTokenName !== ''));
  // A failed first refresh (401, 404, no response) leaves no user: signed out. A failed later refresh
  // keeps the user unless it was a 401, which clears it (see lib/api-client.ts).
  return { user: query.data ?? null, isPending: query.isPending };
}

/** The signed-in user, for screens that only render behind the routing guard. */
export function useCurrentUser(): User {
  const { user } = useSession();
  if (!user) throw new Error('useCurrentUser is used outside the signed-in area.');
  return user;
}
