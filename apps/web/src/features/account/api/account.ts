import {
  urlResponseSchema,
  userSchema,
  type ChangePasswordForm,
  type DeleteOwnAccountRequest,
  type UpdateAccountRequest,
} from '@greenhouse/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-client';
import { rememberReturnAfterSignIn, type ReturnAfterSignIn } from '../../../lib/return-after-sign-in';

/** PUT /account/data: names (and the language); the answer is the updated user, i.e. the new session. */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: UpdateAccountRequest) =>
      apiClient.put('/account/data', { body: data, schema: userSchema }),
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.user, user);
    },
  });
}

/** POST /account/password (204). The server signs out every other session; this one stays. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (form: ChangePasswordForm) => apiClient.post<unknown>('/account/password', { body: form }),
  });
}

/**
 * POST /account/delete: the signed-in user deletes their own account, giving their password (an account
 * without one sends none: the server then asks for a Google sign-in within the last 5 minutes). The session
 * ends with it: the cached user and the user's lists are dropped once the answer is in (the caller then
 * goes to sign-in).
 */
export function useDeleteOwnAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: DeleteOwnAccountRequest) =>
      apiClient.post<unknown>('/account/delete', { body: request }),
    onSuccess: () => {
      queryClient.setQueryData(queryKeys.user, null);
      for (const queryKey of [queryKeys.chats, queryKeys.blooms, queryKeys.billingPortalUrl]) {
        queryClient.removeQueries({ queryKey });
      }
    },
  });
}

/**
 * Leaves for a fresh Google sign-in, to come back to `returnTo` (deleting a Google-only account asks for
 * one). The Google address is asked for first (if that fails, nothing has changed); then this session is
 * signed out, because the page Google returns to is for signed-out users, and the browser goes to Google.
 */
export async function startGoogleSignInAgain(returnTo: ReturnAfterSignIn): Promise<void> {
  const { url } = await apiClient.get('/auth/sso/google/url', { schema: urlResponseSchema });
  try {
    await apiClient.delete<unknown>('/auth/signout');
  } catch {
    // Signed out already, or the server is gone for a moment: Google's answer starts a new session anyway.
  }
  rememberReturnAfterSignIn(returnTo);
  window.location.assign(url);
}
