import {
  bloomListResponseSchema,
  bloomSchema,
  type Bloom,
  type BloomListResponse,
  type BloomNameForm,
} from '@greenhouse/contracts';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { apiClient, isApiRequestError } from '../../../lib/api-client';
import { FIRST_PAGE, listPageQuery, nextPageAfter } from '../../../lib/pagination';
import { queryKeys } from '../../../lib/query-client';
import { smoothStageEtas, type StageEtas } from '../eta';
import { isPipelineSettled } from '../stages';

export const bloomListQueryKey = [...queryKeys.blooms, 'list'] as const;
export const bloomQueryKey = (id: string) => [...queryKeys.blooms, 'detail', id] as const;
/** The agent page's smoothed time-left estimates of an agent's running stages (eta.ts), between polls. */
const stageEtasQueryKey = (id: string) => [...queryKeys.blooms, 'stage-etas', id] as const;

/** How often an agent whose pipeline is still running is fetched again. */
export const BLOOM_POLL_MS = 2000;

/** GET /blooms, page by page (10 a page, most recently updated first). */
export function useBloomList() {
  return useInfiniteQuery({
    queryKey: bloomListQueryKey,
    queryFn: ({ pageParam, signal }) =>
      apiClient.get('/blooms', { query: listPageQuery(pageParam), schema: bloomListResponseSchema, signal }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage, _pages, lastPageParam) =>
      nextPageAfter(lastPage.blooms.length, lastPageParam),
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    staleTime: 0,
  });
}

const bloomPath = (id: string) => `/blooms/${encodeURIComponent(id)}`;

/** Whether a failed call says the agent does not exist (or is someone else's). */
export const isBloomNotFound = (error: unknown): boolean => isApiRequestError(error) && error.status === 404;

/**
 * The refetch interval of an agent: every 2 s while its pipeline runs; never once every stage completed or
 * one failed, nor when the agent is gone.
 */
export function bloomPollInterval(bloom: Bloom | undefined, error: unknown): number | false {
  if (isBloomNotFound(error) || !bloom) return false;
  return isPipelineSettled(bloom) ? false : BLOOM_POLL_MS;
}

/** Puts a fresher copy of an agent into the sidebar's list, where the list has it (status label, name). */
function updateListedBloom(queryClient: QueryClient, bloom: Bloom) {
  queryClient.setQueryData<InfiniteData<BloomListResponse>>(bloomListQueryKey, (list) =>
    list?.pages.some((page) => page.blooms.some((b) => b.id === bloom.id))
      ? {
          ...list,
          pages: list.pages.map((page) => ({
            ...page,
            blooms: page.blooms.map((b) => (b.id === bloom.id ? bloom : b)),
          })),
        }
      : list,
  );
}

/**
 * GET /blooms/{id}, polled while the pipeline runs (see bloomPollInterval). Each answer also refreshes the
 * agent's row in the sidebar, so its status label follows the page. A running stage's `etaSeconds` is the
 * page's smoothed estimate (eta.ts), not the server's figure. `enabled: false` pauses it (e.g. while
 * the agent is being deleted, so no poll finds it gone).
 */
export function useBloom(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: bloomQueryKey(id),
    queryFn: async ({ signal }) => {
      const bloom = await apiClient.get(bloomPath(id), { schema: bloomSchema, signal });
      updateListedBloom(queryClient, bloom);
      // The page shows the time left as it measures it, smoothed; the server's figure jumps (eta.ts).
      const etasKey = stageEtasQueryKey(id);
      const smoothed = smoothStageEtas(bloom, Date.now(), queryClient.getQueryData<StageEtas>(etasKey) ?? {});
      queryClient.setQueryData<StageEtas>(etasKey, smoothed.etas);
      return smoothed.bloom;
    },
    enabled,
    refetchInterval: (query) => bloomPollInterval(query.state.data, query.state.error),
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    staleTime: 0,
  });
}

export interface UploadBloomInput {
  /** Left out when not given: the server then names the agent from its protocol. */
  name?: string;
  file: File;
}

/** POST /bloom/upload (multipart: `name` before `file`, so a streaming server reads it first) → the new agent. */
export function useUploadBloom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, file }: UploadBloomInput) => {
      const form = new FormData();
      if (name !== undefined) form.append('name', name);
      form.append('file', file, file.name);
      return apiClient.post('/bloom/upload', { body: form, schema: bloomSchema });
    },
    onSuccess: (bloom) => {
      queryClient.setQueryData(bloomQueryKey(bloom.id), bloom);
      return queryClient.invalidateQueries({ queryKey: bloomListQueryKey });
    },
  });
}

/** PUT /blooms/{id} with the new name. */
export function useRenameBloom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string } & BloomNameForm) =>
      apiClient.put<unknown>(bloomPath(id), { body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.blooms }),
  });
}

/**
 * DELETE /blooms/{id}. Only the list is refetched: the deleted agent's own query is left alone (a refetch
 * would only find it gone and flash "not found" before the screen moves away).
 */
export function useDeleteBloom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<unknown>(bloomPath(id)),
    onMutate: (id) => queryClient.cancelQueries({ queryKey: bloomQueryKey(id) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bloomListQueryKey }),
  });
}
