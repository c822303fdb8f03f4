import { defaultListQuery, PAGE_SIZE } from '@greenhouse/contracts';

/** The list query for one page: page size 10, newest update first (spec §7). */
export const listPageQuery = (page: number) => ({ ...defaultListQuery, page });

export const FIRST_PAGE: number = defaultListQuery.page;

/** A next page exists only if the last page came back full (spec §4). */
export function nextPageAfter(lastPageItemCount: number, lastPage: number): number | undefined {
  return lastPageItemCount === PAGE_SIZE ? lastPage + 1 : undefined;
}
