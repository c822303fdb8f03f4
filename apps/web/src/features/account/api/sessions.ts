import { accountSessionListResponseSchema, type AccountSession } from '@greenhouse/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/**
 * The signed-in user's sessions. Kept only while /settings shows them (gcTime 0): after a sign-out nothing
 * of this user's list stays in the cache for the next one.
 */
export const sessionsQueryKey = ['account', 'sessions'] as const;

/** The current session first, then the most recently seen. */
export function sortSessions(sessions: readonly AccountSession[]): AccountSession[] {
  return [...sessions].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt),
  );
}

/** GET /account/sessions. */
export function useAccountSessions() {
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: async ({ signal }) => {
      const { sessions } = await apiClient.get('/account/sessions', {
        schema: accountSessionListResponseSchema,
        signal,
      });
      return sortSessions(sessions);
    },
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * DELETE /account/sessions/{id}: signs another device out. The list is read again whatever the answer, so a
 * session that had already ended (session.not_found) leaves it too.
 */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: Pick<AccountSession, 'id'>) =>
      apiClient.delete<unknown>(`/account/sessions/${encodeURIComponent(session.id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

/** DELETE /account/sessions: signs out every session but this one. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.delete<unknown>('/account/sessions'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
