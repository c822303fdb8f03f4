import { urlResponseSchema, userSchema, type GoogleCallbackRequest, type User } from '@greenhouse/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-client';

/** GET /auth/sso/google/url: where to send the browser to sign in with Google. */
export async function fetchGoogleSignInUrl(): Promise<string> {
  const { url } = await apiClient.get('/auth/sso/google/url', { schema: urlResponseSchema });
  return url;
}

/**
 * POST /auth/sso/google/callback with what Google sent back; the returned user becomes the session. A
 * session refresh still under way (it started signed out) is cancelled first, so its 401 cannot clear the
 * user that was just stored.
 */
export async function finishGoogleSignIn(
  queryClient: QueryClient,
  request: GoogleCallbackRequest,
): Promise<User> {
  const user = await apiClient.post('/auth/sso/google/callback', { body: request, schema: userSchema });
  await queryClient.cancelQueries({ queryKey: queryKeys.user });
  queryClient.setQueryData(queryKeys.user, user);
  return user;
}
