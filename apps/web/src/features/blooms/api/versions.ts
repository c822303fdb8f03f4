// An agent's versions, scenario tests and comparisons (issue 33): POST /blooms/{id}/versions, DELETE
// /blooms/{id}/versions/{n}, GET and PUT /blooms/{id}/scenarios, GET /blooms/{id}/compare.
import {
  bloomVersionResponseSchema,
  chatDetailSchema,
  scenariosResponseSchema,
  versionCompareResponseSchema,
  type ScenariosDocument,
} from '@greenhouse/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-client';
import { bloomListQueryKey, bloomQueryKey } from './blooms';

const path = (id: string, rest: string) => `/blooms/${encodeURIComponent(id)}/${rest}`;
const scenariosKey = (id: string) => [...queryKeys.blooms, 'scenarios', id] as const;

/** After a change of the agent's versions or cases: the agent (its versions, current one), its list row, its cases. */
function useRefresh(id: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: bloomQueryKey(id) }),
      queryClient.invalidateQueries({ queryKey: bloomListQueryKey }),
      queryClient.invalidateQueries({ queryKey: scenariosKey(id) }),
    ]);
}

/** Trains the next version from an uploaded protocol file (checked as an upload is). */
export function useNewVersion(id: string) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return apiClient.post(path(id, 'versions'), { body: form, schema: bloomVersionResponseSchema });
    },
    onSuccess: refresh,
  });
}

/**
 * "Edit and retrain": a new chat whose draft is the agent's newest version (POST /bloom/chats with `bloomId`);
 * its "Train new version" trains the next one. The chats list gains it.
 */
export function useEditInChat(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post('/bloom/chats', { body: { bloomId: id }, schema: chatDetailSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.chats }),
  });
}

export function useDeleteVersion(id: string) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (number: number) => apiClient.delete(path(id, `versions/${number}`)),
    onSuccess: refresh,
  });
}

/** The agent's cases, the instructions they may name and each trained version's results. */
export function useScenarios(id: string) {
  return useQuery({
    queryKey: scenariosKey(id),
    queryFn: ({ signal }) =>
      apiClient.get(path(id, 'scenarios'), { schema: scenariosResponseSchema, signal }),
  });
}

export function useSaveScenarios(id: string) {
  const queryClient = useQueryClient();
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (document: ScenariosDocument) =>
      apiClient.put(path(id, 'scenarios'), { body: document, schema: scenariosResponseSchema }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(scenariosKey(id), saved);
      await refresh();
    },
  });
}

/** Two versions side by side; nothing until both are chosen. */
export function useCompare(id: string, pair: { a: number; b: number } | null) {
  return useQuery({
    queryKey: [...queryKeys.blooms, 'compare', id, pair?.a, pair?.b] as const,
    queryFn: ({ signal }) =>
      apiClient.get(path(id, `compare?a=${pair!.a}&b=${pair!.b}`), {
        schema: versionCompareResponseSchema,
        signal,
      }),
    enabled: pair !== null,
  });
}
