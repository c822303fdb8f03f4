import {
  apiTokenListResponseSchema,
  createdApiTokenSchema,
  type ApiToken,
  type CreateApiTokenRequest,
} from '@greenhouse/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** The user's personal API tokens; like the sessions, cached only while /settings shows them. */
export const apiTokensQueryKey = ['account', 'api-tokens'] as const;

/** GET /account/tokens. */
export function useApiTokens() {
  return useQuery({
    queryKey: apiTokensQueryKey,
    queryFn: async ({ signal }) => {
      const { tokens } = await apiClient.get('/account/tokens', {
        schema: apiTokenListResponseSchema,
        signal,
      });
      return tokens;
    },
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * POST /account/tokens → 201 with the token itself. The answer is the only time it is seen, so it goes to
 * the caller (the screen shows it once) and never into the cache; the list is read again.
 */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateApiTokenRequest) =>
      apiClient.post('/account/tokens', { body: request, schema: createdApiTokenSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}

/** DELETE /account/tokens/{id}: the token stops working at once. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: Pick<ApiToken, 'id'>) =>
      apiClient.delete<unknown>(`/account/tokens/${encodeURIComponent(token.id)}`),
    onSuccess: (_answer, token) => {
      queryClient.setQueryData<ApiToken[]>(apiTokensQueryKey, (tokens) =>
        tokens?.filter((item) => item.id !== token.id),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}

/** Whether a token's expiry has passed (an expired token may still be listed until it is revoked). */
export function isExpired(token: Pick<ApiToken, 'expiresAt'>, now: number = Date.now()): boolean {
  return new Date(token.expiresAt).getTime() <= now;
}
