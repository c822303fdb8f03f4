import { userSchema, type User } from '@greenhouse/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, isApiRequestError, type ApiRequestError } from './api-client';
import { queryKeys } from './query-client';
import { useRuntimeConfigState } from './runtime-config';

const MINUTE = 60_000;
/** While the API cannot be reached and the session is unknown, it is asked again this often. */
const UNAVAILABLE_RETRY_MS = 10_000;

/**
 * Whether a failed call only says the API could not answer for now: no response at all (SERVICE_UNAVAILABLE),
 * a 5xx, a timeout or "too many requests". Such a failure says nothing about the session. Any other answer
 * (401 above all) is the server's word on it.
 */
function isTransientFailure(error: unknown): error is ApiRequestError {
  return isApiRequestError(error) && (error.status >= 500 || error.status === 408 || error.status === 429);
}

/** The failure that leaves the session unknown: no user was ever known, and the last try got no answer. */
function unreachable(data: User | null | undefined, error: unknown): ApiRequestError | null {
  return data === undefined && isTransientFailure(error) ? error : null;
}

/**
 * The session is the cached user (docs/product-rules.md §4). `null` means signed out: a 401 on any call, or
 * sign-out, sets it. The call that refreshes the session is GET /account/data. It does not retry by itself
 * (docs/product-rules.md §9), but while the API is unreachable and the session unknown it is asked again
 * every UNAVAILABLE_RETRY_MS.
 */
export const userQueryOptions = (enabled: boolean) =>
  queryOptions<User | null>({
    queryKey: queryKeys.user,
    queryFn: ({ signal }) => apiClient.get('/account/data', { schema: userSchema, signal }),
    enabled,
    retry: false,
    refetchInterval: (query) =>
      unreachable(query.state.data, query.state.error) ? UNAVAILABLE_RETRY_MS : 15 * MINUTE,
    refetchOnWindowFocus: true,
    staleTime: 5 * MINUTE,
  });

export interface Session {
  user: User | null;
  /** True until the first session refresh has settled (or while the config is still unknown). */
  isPending: boolean;
  /**
   * The first refresh could not reach the API (no response, 5xx): whether anyone is signed in is not known.
   * Null otherwise; a failure after the user is known keeps that user.
   */
  unavailable: ApiRequestError | null;
  /** Asks again now; true while a refresh is on its way. */
  retry: () => void;
  isRefreshing: boolean;
}

export function useSession(): Session {
  const config = useRuntimeConfigState();
  // Enabled only once the auth cookie name is known, i.e. once the runtime config is loaded.
  const query = useQuery(userQueryOptions(config.status === 'ready' && config.config.authTokenName !== ''));
  // A 401 (or another refusal) of the first refresh leaves no user: signed out. A failure that is no answer
  // (API down, 5xx) leaves the session unknown: `unavailable`, and the user may well still be signed in. A
  // failed later refresh keeps the user unless it was a 401, which clears it (see lib/api-client.ts).
  const unavailable = unreachable(query.data, query.error);
  return {
    user: query.data ?? null,
    isPending: query.isPending,
    unavailable,
    retry: () => void query.refetch(),
    isRefreshing: query.isFetching,
  };
}

/** The signed-in user, for screens that only render behind the routing guard. */
export function useCurrentUser(): User {
  const { user } = useSession();
  if (!user) throw new Error('useCurrentUser is used outside the signed-in area.');
  return user;
}
