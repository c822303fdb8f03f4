import type { BloomDraft } from '@greenhouse/mtp';
import {
  chatDetailSchema,
  demoPromptsResponseSchema,
  generateBloomResponseSchema,
  scenariosResponseSchema,
  type Scenario,
  type ChatDetail,
  type CreateChatRequest,
} from '@greenhouse/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiClient, isApiRequestError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-client';
import { chatListQueryKey, chatPath, chatQueryKey } from './chats';

export const demoPromptsQueryKey = (language: string) =>
  [...queryKeys.chats, 'demo-prompts', language] as const;

/** Whether a failed call says the chat does not exist (or is someone else's). */
export const isChatNotFound = (error: unknown): boolean => isApiRequestError(error) && error.status === 404;

/** A chat the server answered with: into the cache, and the lists that show it (and the prompts left) refetched. */
function adoptChat(queryClient: QueryClient, chat: ChatDetail) {
  queryClient.setQueryData(chatQueryKey(chat.id), chat);
  void queryClient.invalidateQueries({ queryKey: chatListQueryKey });
  void queryClient.invalidateQueries({ queryKey: queryKeys.user });
}

/** GET /bloom/chats/{id}: the conversation and the draft (its answer, while one is written, comes by the stream). */
export function useChat(id: string) {
  return useQuery({
    queryKey: chatQueryKey(id),
    queryFn: ({ signal }) => apiClient.get(chatPath(id), { schema: chatDetailSchema, signal }),
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    staleTime: 0,
  });
}

/**
 * GET /bloom/chats/demo/prompts, in the user's language (the key follows the UI's, so a switch refetches),
 * with the designer that runs.
 */
export function useDemoPrompts(language: string) {
  return useQuery({
    queryKey: demoPromptsQueryKey(language),
    queryFn: ({ signal }) =>
      apiClient.get('/bloom/chats/demo/prompts', { schema: demoPromptsResponseSchema, signal }),
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: 5 * 60_000,
  });
}

/** POST /bloom/chats with the first message (one prompt) or a demo prompt (free) → the new chat, answering. */
export function useCreateChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateChatRequest) =>
      apiClient.post('/bloom/chats', { body, schema: chatDetailSchema }),
    onSuccess: (chat) => adoptChat(queryClient, chat),
  });
}

/**
 * POST /bloom/chats/{id}/messages → the chat with the message and the answer being written. A refusal that
 * says the chat moved on (answering, closed) reads the chat again, so the screen shows why.
 */
export function useSendMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      apiClient.post(`${chatPath(id)}/messages`, { body: { message }, schema: chatDetailSchema }),
    onSuccess: (chat) => adoptChat(queryClient, chat),
    onError: (error) => refetchIfStale(queryClient, id, error),
  });
}

/** PUT /bloom/chats/{id}/draft: the user's own edit of the draft (free). */
export function useSaveDraft(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: BloomDraft) =>
      apiClient.put(`${chatPath(id)}/draft`, { body: { draft }, schema: chatDetailSchema }),
    onSuccess: (chat) => queryClient.setQueryData(chatQueryKey(chat.id), chat),
    onError: (error) => refetchIfStale(queryClient, id, error),
  });
}

/** POST /bloom/chats/{id}/generate → the closed chat and the new agent, which the sidebar then lists. */
export function useGenerateBloom(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post(`${chatPath(id)}/generate`, { schema: generateBloomResponseSchema }),
    onSuccess: ({ chat }) => {
      queryClient.setQueryData(chatQueryKey(chat.id), chat);
      void queryClient.invalidateQueries({ queryKey: queryKeys.blooms });
      void queryClient.invalidateQueries({ queryKey: chatListQueryKey });
    },
    onError: (error) => refetchIfStale(queryClient, id, error),
  });
}

const STALE_CHAT_CODES = new Set(['chat.answering', 'chat.closed']);

function refetchIfStale(queryClient: QueryClient, id: string, error: unknown) {
  if (isApiRequestError(error) && STALE_CHAT_CODES.has(error.code))
    void queryClient.invalidateQueries({ queryKey: chatQueryKey(id) });
}

/**
 * A scenario test from an example of the draft, for the agent a chat edits (issue 33): the agent's cases read
 * (GET /blooms/{id}/scenarios) and stored again with this one added (PUT, checked by the server against the
 * agent's newest version), which runs them on every trained version. The agent's page reads them afresh.
 */
export function useAddScenario(bloomId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (scenario: Scenario) => {
      const path = `/blooms/${encodeURIComponent(bloomId ?? '')}/scenarios`;
      const { gateDownload, scenarios } = await apiClient.get(path, { schema: scenariosResponseSchema });
      return apiClient.put(path, {
        body: { gateDownload, scenarios: [...scenarios, scenario] },
        schema: scenariosResponseSchema,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.blooms }),
  });
}
