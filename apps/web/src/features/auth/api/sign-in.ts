import { userSchema, type SignInForm } from '@greenhouse/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-client';

/** POST /auth/signin; the returned user becomes the session (docs/product-rules.md §4). */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: SignInForm) => apiClient.post('/auth/signin', { body: form, schema: userSchema }),
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.user, user);
    },
  });
}
