import {
  userSchema,
  type ChangePasswordForm,
  type UpdateAccountRequest,
  type User,
} from '@greenhouse/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-client';

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
 * DELETE /accounts/{id} for the signed-in user's own account. Its session ends with it: the cached user
 * and the user's lists are dropped once the answer is in (the caller then goes to sign-in).
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: Pick<User, 'id'>) =>
      apiClient.delete<unknown>(`/accounts/${encodeURIComponent(user.id)}`),
    onSuccess: () => {
      queryClient.setQueryData(queryKeys.user, null);
      for (const queryKey of [queryKeys.chats, queryKeys.blooms, queryKeys.billingPortalUrl]) {
        queryClient.removeQueries({ queryKey });
      }
    },
  });
}
