import { describe, expect, it } from 'vitest';
import { listPageQuery, nextPageAfter, uniqueById } from './pagination';

describe('list pagination', () => {
  it('asks for 10 items a page, most recently updated first', () => {
    expect(listPageQuery(3)).toEqual({ page: 3, pageSize: 10, sort: 'updatedAt', sortOrder: 'desc' });
  });

  it('has a next page only after a full page of 10', () => {
    expect(nextPageAfter(10, 1)).toBe(2);
    expect(nextPageAfter(9, 1)).toBeUndefined();
    expect(nextPageAfter(0, 4)).toBeUndefined();
  });
});

describe('uniqueById', () => {
  it('keeps the first of repeated items, in order', () => {
    expect(uniqueById([{ id: 'a' }, { id: 'b' }, { id: 'a' }, { id: 'c' }])).toEqual([
      { id: 'a' },
      { id: 'b' },
      { id: 'c' },
    ]);
  });
});
