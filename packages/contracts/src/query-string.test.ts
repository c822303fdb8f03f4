import { describe, it, expect } from 'vitest';
import { buildListQuery, defaultListQuery, parseListQuery, type ListQueryParams } from './query-string.js';

const opts = {
  sortable: ['updatedAt', 'createdAt', 'name'],
  filterable: ['status', 'name', 'dataset.status', 'payment.status', 'q'],
};

/** The decoded query object a server framework hands over (repeated keys become arrays). */
function decode(qs: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(qs)) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

describe('buildListQuery', () => {
  it('sends sort, sortOrder, page and pageSize bare', () => {
    expect(buildListQuery({ page: 2, pageSize: 10, sort: 'updatedAt', sortOrder: 'desc' })).toBe(
      'page=2&pageSize=10&sort=updatedAt&sortOrder=desc',
    );
  });

  it('prefixes every other key with "filter."', () => {
    expect(buildListQuery({ status: 'failed', answering: true, limit: 3 })).toBe(
      'filter.status=failed&filter.answering=true&filter.limit=3',
    );
  });

  it('turns nested objects into dotted keys', () => {
    expect(buildListQuery({ dataset: { status: 'ready', model: { status: 'completed' } } })).toBe(
      'filter.dataset.status=ready&filter.dataset.model.status=completed',
    );
  });

  it('does not prefix twice when filters are given under "filter"', () => {
    expect(buildListQuery({ page: 1, filter: { status: 'failed', dataset: { status: 'ready' } } })).toBe(
      'page=1&filter.status=failed&filter.dataset.status=ready',
    );
  });

  it('joins arrays with commas', () => {
    expect(decode(buildListQuery({ status: ['failed', 'ready', 3] }))).toEqual({
      'filter.status': 'failed,ready,3',
    });
  });

  it('skips empty values: undefined, null, "", empty arrays, empty array items, empty objects', () => {
    const params: ListQueryParams = {
      page: undefined,
      sort: '',
      a: undefined,
      b: null,
      c: '',
      d: [],
      e: [null, '', undefined],
      f: {},
      g: { h: '' },
      i: ['x', '', null, 'y'],
    };
    expect(buildListQuery(params)).toBe('filter.i=x%2Cy');
  });

  it('keeps falsy values that are not empty', () => {
    expect(buildListQuery({ page: 0, archived: false, n: 0 })).toBe(
      'page=0&filter.archived=false&filter.n=0',
    );
  });

  it('returns "" when there is nothing to send, and never a leading "?"', () => {
    expect(buildListQuery({})).toBe('');
    expect(buildListQuery({ status: undefined })).toBe('');
    expect(buildListQuery({ page: 1 }).startsWith('?')).toBe(false);
  });

  it('encodes special characters in values (form encoding)', () => {
    const qs = buildListQuery({ q: 'a b&c=d?e#f/g+h%ł' });
    expect(qs).toBe('filter.q=a+b%26c%3Dd%3Fe%23f%2Fg%2Bh%25%C5%82');
    expect(decode(qs)).toEqual({ 'filter.q': 'a b&c=d?e#f/g+h%ł' });
  });

  it('writes dates as ISO strings', () => {
    expect(decode(buildListQuery({ updatedAfter: new Date(Date.UTC(2024, 0, 2, 3, 4, 5)) }))).toEqual({
      'filter.updatedAfter': '2024-01-02T03:04:05.000Z',
    });
  });
});

describe('parseListQuery', () => {
  it('uses the defaults for an empty query', () => {
    expect(parseListQuery({}, opts)).toEqual({ ok: true, value: { ...defaultListQuery, filter: {} } });
    expect(defaultListQuery).toEqual({ page: 1, pageSize: 10, sort: 'updatedAt', sortOrder: 'desc' });
  });

  it('reads bare params', () => {
    const r = parseListQuery({ page: '3', pageSize: '25', sort: 'name', sortOrder: 'asc' }, opts);
    expect(r).toEqual({
      ok: true,
      value: { page: 3, pageSize: 25, sort: 'name', sortOrder: 'asc', filter: {} },
    });
  });

  it('treats empty and undefined values as absent', () => {
    const r = parseListQuery({ page: '', sort: undefined, 'filter.status': '' }, opts);
    expect(r).toEqual({ ok: true, value: { ...defaultListQuery, filter: {} } });
  });

  it('checks page (from 1, an integer)', () => {
    expect(parseListQuery({ page: '0' }, opts)).toEqual({ ok: false, field: 'page', problem: 'too_small' });
    expect(parseListQuery({ page: '-1' }, opts)).toEqual({
      ok: false,
      field: 'page',
      problem: 'not_an_integer',
    });
    expect(parseListQuery({ page: '1.5' }, opts)).toEqual({
      ok: false,
      field: 'page',
      problem: 'not_an_integer',
    });
    expect(parseListQuery({ page: 'two' }, opts)).toEqual({
      ok: false,
      field: 'page',
      problem: 'not_an_integer',
    });
    expect(parseListQuery({ page: '1e3' }, opts)).toEqual({
      ok: false,
      field: 'page',
      problem: 'not_an_integer',
    });
    expect(parseListQuery({ page: '99999999999999999999' }, opts)).toEqual({
      ok: false,
      field: 'page',
      problem: 'too_large',
    });
  });

  it('checks pageSize (1..100)', () => {
    expect(parseListQuery({ pageSize: '0' }, opts)).toEqual({
      ok: false,
      field: 'pageSize',
      problem: 'too_small',
    });
    expect(parseListQuery({ pageSize: '101' }, opts)).toEqual({
      ok: false,
      field: 'pageSize',
      problem: 'too_large',
    });
    expect(parseListQuery({ pageSize: '100' }, opts)).toMatchObject({ ok: true, value: { pageSize: 100 } });
    expect(parseListQuery({ pageSize: '1' }, opts)).toMatchObject({ ok: true, value: { pageSize: 1 } });
  });

  it('allows only the sortable fields and asc/desc', () => {
    expect(parseListQuery({ sort: 'password' }, opts)).toEqual({
      ok: false,
      field: 'sort',
      problem: 'not_allowed',
    });
    expect(parseListQuery({ sortOrder: 'up' }, opts)).toEqual({
      ok: false,
      field: 'sortOrder',
      problem: 'not_allowed',
    });
    expect(parseListQuery({ sortOrder: 'DESC' }, opts)).toEqual({
      ok: false,
      field: 'sortOrder',
      problem: 'not_allowed',
    });
  });

  it('reads filters by their dotted path, only when filterable', () => {
    expect(parseListQuery({ 'filter.status': 'failed', 'filter.dataset.status': 'ready' }, opts)).toEqual({
      ok: true,
      value: { ...defaultListQuery, filter: { status: 'failed', 'dataset.status': 'ready' } },
    });
    expect(parseListQuery({ 'filter.userId': 'u2' }, opts)).toEqual({
      ok: false,
      field: 'filter.userId',
      problem: 'not_allowed',
    });
    expect(parseListQuery({ 'filter.dataset': 'x' }, opts)).toEqual({
      ok: false,
      field: 'filter.dataset',
      problem: 'not_allowed',
    });
  });

  it('rejects keys that are neither bare params nor filters', () => {
    expect(parseListQuery({ status: 'failed' }, opts)).toEqual({
      ok: false,
      field: 'status',
      problem: 'unknown',
    });
    expect(parseListQuery({ filter: 'x' }, opts)).toEqual({ ok: false, field: 'filter', problem: 'unknown' });
  });

  it('turns comma-separated filter values into arrays', () => {
    expect(parseListQuery({ 'filter.status': 'failed,ready' }, opts)).toMatchObject({
      ok: true,
      value: { filter: { status: ['failed', 'ready'] } },
    });
    expect(parseListQuery({ 'filter.status': 'failed,' }, opts)).toMatchObject({
      ok: true,
      value: { filter: { status: ['failed'] } },
    });
  });

  it('merges a repeated filter key and rejects a repeated bare key', () => {
    expect(parseListQuery({ 'filter.status': ['failed', 'ready'] }, opts)).toMatchObject({
      ok: true,
      value: { filter: { status: ['failed', 'ready'] } },
    });
    expect(parseListQuery({ page: ['1', '2'] }, opts)).toEqual({
      ok: false,
      field: 'page',
      problem: 'duplicate',
    });
  });
});

describe('round trip: parseListQuery(decode(buildListQuery(x)))', () => {
  it('gives back what was built (filters flattened to dotted paths, values as strings)', () => {
    const built = buildListQuery({
      page: 4,
      pageSize: 20,
      sort: 'createdAt',
      sortOrder: 'asc',
      status: ['failed', 'ready'],
      dataset: { status: 'ready' },
      q: 'a b&c=d/é',
    });
    expect(parseListQuery(decode(built), opts)).toEqual({
      ok: true,
      value: {
        page: 4,
        pageSize: 20,
        sort: 'createdAt',
        sortOrder: 'asc',
        filter: { status: ['failed', 'ready'], 'dataset.status': 'ready', q: 'a b&c=d/é' },
      },
    });
  });

  it('round-trips the list default the web sends', () => {
    const built = buildListQuery({ ...defaultListQuery, page: 2 });
    expect(parseListQuery(decode(built), opts)).toEqual({
      ok: true,
      value: { ...defaultListQuery, page: 2, filter: {} },
    });
  });

  it('builds the same string from flat dotted keys and from nested objects', () => {
    expect(buildListQuery({ 'dataset.status': 'ready' })).toBe(
      buildListQuery({ dataset: { status: 'ready' } }),
    );
  });
});
