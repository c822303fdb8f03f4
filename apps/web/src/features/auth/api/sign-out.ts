import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-client';

/**
 * DELETE /auth/signout. The session ends on this side whatever the answer, and the signed-in user's
 * cached lists go with it; the routing guard then sends the user to sign-in.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.delete<unknown>('/auth/signout'),
    onSettled: () => {
      queryClient.setQueryData(queryKeys.user, null);
      for (const queryKey of [queryKeys.chats, queryKeys.blooms, queryKeys.billingPortalUrl]) {
        queryClient.removeQueries({ queryKey });
      }
    },
  });
}
