import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryKey,
} from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { apiClient } from './api-client';
import { FIRST_PAGE, listPageQuery, nextPageAfter, uniqueById } from './pagination';

// A user's paged list of one kind of item, agents or chats (the server's side is its lib/owned-list.ts):
// ownedList() describes one, useOwnedList, useRenameOwned and useDeleteOwned request it.

/** One item of a list: its id and its label field (an agent's name, a chat's title). */
export type OwnedItem<Field extends string> = { id: string } & Record<Field, string>;

/** One page of a list response: the page's items (under the feature's own name) and the total. */
export interface OwnedPage {
  total: number;
}

/** The rename form's schema: an object with just the label field (a zod/mini schema of @greenhouse/contracts). */
export type FieldSchema = z.core.$ZodType<Record<string, string>, Record<string, string>>;

/** The loaded pages of a list as it is shown: each item once, and the total. */
export interface OwnedListData<Item> {
  items: Item[];
  total: number | undefined;
}

export interface OwnedListSpec<Page extends OwnedPage, Item extends OwnedItem<Field>, Field extends string> {
  /** The feature's query-key root (queryKeys.blooms): its list is [...root, 'list'], an item [...root, 'detail', id]. */
  root: QueryKey;
  /** The list's path (GET, page by page); an item's is path/id (PUT renames it, DELETE deletes it). */
  path: string;
  /** One page of the list response. */
  schema: z.core.$ZodType<Page>;
  /** The items of one page. */
  items: (page: Page) => readonly Item[];
  /** How often the list is fetched again while its loaded pages ask for it (e.g. a chat is answering). */
  pollInterval?: (pages: readonly Page[] | undefined) => number | false;
  /** The label field: what a row shows, what a rename sends ({ [field]: value }), the texts' placeholder. */
  field: Field;
  /** The rename form's schema. */
  fieldSchema: FieldSchema;
}

/** What renaming and deleting an item needs. */
export interface OwnedItems<Field extends string = string> {
  root: QueryKey;
  field: Field;
  fieldSchema: FieldSchema;
  listKey: QueryKey;
  detailKey: (id: string) => QueryKey;
  itemPath: (id: string) => string;
}

export interface OwnedList<Page extends OwnedPage, Item extends OwnedItem<Field>, Field extends string>
  extends OwnedListSpec<Page, Item, Field>, OwnedItems<Field> {
  /** The loaded pages as they are shown (the list query's `select`). */
  listed: (data: InfiniteData<Page>) => OwnedListData<Item>;
}

/** A list's query keys and paths, from its spec. */
export function ownedList<Page extends OwnedPage, Item extends OwnedItem<Field>, Field extends string>(
  spec: OwnedListSpec<Page, Item, Field>,
): OwnedList<Page, Item, Field> {
  return {
    ...spec,
    listKey: [...spec.root, 'list'],
    detailKey: (id) => [...spec.root, 'detail', id],
    itemPath: (id) => `${spec.path}/${encodeURIComponent(id)}`,
    listed: (data) => ({
      items: uniqueById(data.pages.flatMap(spec.items)),
      total: data.pages.at(-1)?.total,
    }),
  };
}

/** GET the list, page by page (10 a page, most recently updated first); its data is `listed`. */
export function useOwnedList<Page extends OwnedPage, Item extends OwnedItem<Field>, Field extends string>(
  list: OwnedList<Page, Item, Field>,
) {
  const { pollInterval } = list;
  return useInfiniteQuery({
    queryKey: list.listKey,
    queryFn: ({ pageParam, signal }) =>
      apiClient.get(list.path, { query: listPageQuery(pageParam), schema: list.schema, signal }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage, _pages, lastPageParam) =>
      nextPageAfter(list.items(lastPage).length, lastPageParam),
    select: list.listed,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    staleTime: 0,
    refetchInterval: pollInterval && ((query) => pollInterval(query.state.data?.pages)),
  });
}

/** PUT the item with its new label ({ [field]: value }); then everything under the root is refetched. */
export function useRenameOwned(list: OwnedItems) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, value }: { id: string; value: string }) =>
      apiClient.put<unknown>(list.itemPath(id), { body: { [list.field]: value } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: list.root }),
  });
}

/**
 * DELETE the item. Only the list is refetched: the deleted item's own query is left alone (a refetch would
 * only find it gone and flash "not found" before the screen moves away).
 */
export function useDeleteOwned(list: OwnedItems) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<unknown>(list.itemPath(id)),
    onMutate: (id) => queryClient.cancelQueries({ queryKey: list.detailKey(id) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: list.listKey }),
  });
}
