import { defaultListQuery, PAGE_SIZE } from '@greenhouse/contracts';

/** The list query for one page: page size 10, newest update first (docs/product-rules.md §7). */
export const listPageQuery = (page: number) => ({ ...defaultListQuery, page });

export const FIRST_PAGE: number = defaultListQuery.page;

/** A next page exists only if the last page came back full (docs/product-rules.md §4). */
export function nextPageAfter(lastPageItemCount: number, lastPage: number): number | undefined {
  return lastPageItemCount === PAGE_SIZE ? lastPage + 1 : undefined;
}

/**
 * The items of all loaded pages, each once: when items move between pages while the list is paged (a chat
 * updated meanwhile moves to the top), a later page can repeat one.
 */
export function uniqueById<T extends { id: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
}
