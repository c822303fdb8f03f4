import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { apiClient } from './api-client';
import { ownedList, useDeleteOwned, useOwnedList, useRenameOwned } from './owned-list';

const noteSchema = z.object({ id: z.string(), title: z.string() });
const notePageSchema = z.object({ notes: z.array(noteSchema), total: z.number() });
type Note = z.infer<typeof noteSchema>;

const notes = ownedList({
  root: ['notes'],
  path: '/notes',
  schema: notePageSchema,
  items: (page) => page.notes,
  field: 'title',
  fieldSchema: z.object({ title: z.string() }),
});

const note = (id: string): Note => ({ id, title: `Note ${id}` });

const wrapperOf =
  (queryClient: QueryClient) =>
  ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );

function setUp() {
  const queryClient = new QueryClient();
  const wrapper = wrapperOf(queryClient);
  // Cached queries under the list's root and under another root, none invalidated yet.
  queryClient.setQueryData(notes.listKey, { pages: [{ notes: [note('n1')], total: 1 }], pageParams: [1] });
  queryClient.setQueryData(notes.detailKey('n1'), note('n1'));
  queryClient.setQueryData(['notes', 'other'], 'x');
  queryClient.setQueryData(['user'], 'u');
  const invalidated = () =>
    queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => query.queryKey);
  return { queryClient, wrapper, invalidated };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ownedList', () => {
  it('names its queries under the root and its items under the path', () => {
    expect(notes.listKey).toEqual(['notes', 'list']);
    expect(notes.detailKey('n1')).toEqual(['notes', 'detail', 'n1']);
    expect(notes.itemPath('a/b')).toBe('/notes/a%2Fb');
  });

  it('lists the loaded pages with each item once and the last total', () => {
    const listed = notes.listed({
      pages: [
        { notes: [note('n1'), note('n2')], total: 3 },
        { notes: [note('n2'), note('n3')], total: 4 },
      ],
      pageParams: [1, 2],
    });
    expect(listed).toEqual({ items: [note('n1'), note('n2'), note('n3')], total: 4 });
  });
});

describe('useOwnedList', () => {
  it('gets the first page of the list, and no next page after a short one', async () => {
    const get = vi.spyOn(apiClient, 'get').mockResolvedValue({ notes: [note('n1')], total: 1 });
    const { result } = renderHook(() => useOwnedList(notes), { wrapper: wrapperOf(new QueryClient()) });
    await waitFor(() => expect(result.current.data).toEqual({ items: [note('n1')], total: 1 }));
    expect(get).toHaveBeenCalledWith('/notes', {
      query: { page: 1, pageSize: 10, sort: 'updatedAt', sortOrder: 'desc' },
      schema: notePageSchema,
      signal: expect.any(AbortSignal),
    });
    expect(result.current.hasNextPage).toBe(false);
  });
});

describe('useRenameOwned', () => {
  it('puts the new label and refetches everything under the root', async () => {
    const put = vi.spyOn(apiClient, 'put').mockResolvedValue(undefined);
    const { wrapper, invalidated } = setUp();
    const { result } = renderHook(() => useRenameOwned(notes), { wrapper });
    await act(() => result.current.mutateAsync({ id: 'n1', value: 'New' }));
    expect(put).toHaveBeenCalledWith('/notes/n1', { body: { title: 'New' } });
    expect(invalidated()).toEqual([notes.listKey, notes.detailKey('n1'), ['notes', 'other']]);
  });

  it('leaves the cache alone when the rename fails', async () => {
    vi.spyOn(apiClient, 'put').mockRejectedValue(new Error('no'));
    const { wrapper, invalidated } = setUp();
    const { result } = renderHook(() => useRenameOwned(notes), { wrapper });
    await act(() => expect(result.current.mutateAsync({ id: 'n1', value: 'New' })).rejects.toThrow('no'));
    expect(invalidated()).toEqual([]);
  });
});

describe('useDeleteOwned', () => {
  it('deletes the item and refetches only the list, cancelling a fetch of the item', async () => {
    const remove = vi.spyOn(apiClient, 'delete').mockResolvedValue(undefined);
    const { queryClient, wrapper, invalidated } = setUp();
    const cancel = vi.spyOn(queryClient, 'cancelQueries');
    const { result } = renderHook(() => useDeleteOwned(notes), { wrapper });
    await act(() => result.current.mutateAsync('n1'));
    expect(remove).toHaveBeenCalledWith('/notes/n1');
    expect(cancel).toHaveBeenCalledWith({ queryKey: notes.detailKey('n1') });
    expect(invalidated()).toEqual([notes.listKey]);
    expect(queryClient.getQueryData(notes.detailKey('n1'))).toEqual(note('n1'));
  });
});
