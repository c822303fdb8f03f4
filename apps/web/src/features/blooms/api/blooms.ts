import {
  bloomListResponseSchema,
  bloomNameFormSchema,
  bloomSchema,
  type Bloom,
  type BloomListResponse,
} from '@greenhouse/contracts';
import {
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { apiClient, isApiRequestError } from '../../../lib/api-client';
import { ownedList, useDeleteOwned } from '../../../lib/owned-list';
import { queryKeys } from '../../../lib/query-client';
import { smoothStageEtas, type StageEtas } from '../eta';
import { isPipelineSettled, isWaitingForPayment } from '../stages';

/** The user's agents: GET /blooms (page by page), PUT /blooms/{id} with the new name, DELETE /blooms/{id}. */
export const bloomList = ownedList({
  root: queryKeys.blooms,
  path: '/blooms',
  schema: bloomListResponseSchema,
  items: (page) => page.blooms,
  field: 'name',
  fieldSchema: bloomNameFormSchema,
});

export const bloomListQueryKey = bloomList.listKey;
export const bloomQueryKey = bloomList.detailKey;
/** The agent page's smoothed time-left estimates of an agent's running stages (eta.ts), between polls. */
const stageEtasQueryKey = (id: string) => [...queryKeys.blooms, 'stage-etas', id] as const;

/** How often an agent whose pipeline is still running is fetched again. */
export const BLOOM_POLL_MS = 2000;

const bloomPath = bloomList.itemPath;

/** Whether a failed call says the agent does not exist (or is someone else's). */
export const isBloomNotFound = (error: unknown): boolean => isApiRequestError(error) && error.status === 404;

/**
 * The refetch interval of an agent: every 2 s while its payment is being confirmed (pending, processing:
 * the provider's webhook may land any moment) or its pipeline runs; never once every stage completed or one
 * failed, nor when the agent is gone, nor while an unpaid agent waits for its owner to pay with nothing
 * running (its training stages cannot start before the payment; paying starts with the checkout).
 */
export function bloomPollInterval(bloom: Bloom | undefined, error: unknown): number | false {
  if (isBloomNotFound(error) || !bloom) return false;
  const { status } = bloom.payment;
  if (status === 'pending' || status === 'processing') return BLOOM_POLL_MS;
  if (isPipelineSettled(bloom)) return false;
  if (status !== 'paid' && isWaitingForPayment(bloom.stages)) return false;
  return BLOOM_POLL_MS;
}

/** Puts a fresher copy of an agent into the sidebar's list, where the list has it (status label, name). */
export function updateListedBloom(queryClient: QueryClient, bloom: Bloom) {
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

/** DELETE /blooms/{id}; only the list is refetched (useDeleteOwned). */
export const useDeleteBloom = () => useDeleteOwned(bloomList);
