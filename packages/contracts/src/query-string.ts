import { PAGE_SIZE } from './validation.js';

/*
 * List query strings (docs/product-rules.md §7), e.g. for GET /blooms and GET /bloom/chats:
 *
 *   page=2&pageSize=10&sort=updatedAt&sortOrder=desc&filter.status=failed%2Cready&filter.dataset.status=ready
 *
 * - `page`, `pageSize`, `sort`, `sortOrder` are sent bare.
 * - Every other key is a filter, sent as `filter.<key>`; nested objects become dotted keys
 *   ({dataset: {status}} → `filter.dataset.status`). A `filter` key holding an object is also accepted by
 *   buildListQuery and is not prefixed twice ({filter: {status}} → `filter.status`).
 * - Arrays are joined by commas; on parsing, any filter value containing a comma is an array. So a single
 *   filter value cannot itself contain a comma.
 * - Empty values (undefined, null, '', empty arrays) are skipped.
 * - Encoding is URLSearchParams' (application/x-www-form-urlencoded: space → '+', ',' → '%2C').
 */

// contracts is compiled without DOM or Node typings; URLSearchParams is a global in browsers and Node.
interface SearchParams {
  append(name: string, value: string): void;
  toString(): string;
}
declare const URLSearchParams: new () => SearchParams;

export type SortOrder = 'asc' | 'desc';

export type FilterPrimitive = string | number | boolean | Date;
export type FilterValue =
  | FilterPrimitive
  | null
  | undefined
  | readonly (FilterPrimitive | null | undefined)[]
  | { readonly [key: string]: FilterValue };

export interface ListQueryParams {
  page?: number;
  pageSize?: number;
  sort?: string;
  sortOrder?: SortOrder;
  /** Any other key is a filter. */
  [key: string]: FilterValue;
}

export const defaultListQuery = {
  page: 1,
  pageSize: PAGE_SIZE,
  sort: 'updatedAt',
  sortOrder: 'desc',
} as const;

export const LIST_PAGE_SIZE_MAX = 100;

const BARE_KEYS: ReadonlySet<string> = new Set(['page', 'pageSize', 'sort', 'sortOrder']);
const FILTER_PREFIX = 'filter.';

function isEmpty(v: unknown): v is null | undefined | '' {
  return v === undefined || v === null || v === '';
}

function isRecord(v: unknown): v is { readonly [key: string]: FilterValue } {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

function toText(v: FilterPrimitive): string {
  return v instanceof Date ? v.toISOString() : String(v);
}

function appendFilter(out: SearchParams, key: string, value: FilterValue): void {
  if (isEmpty(value)) return;
  if (Array.isArray(value)) {
    const items = (value as readonly (FilterPrimitive | null | undefined)[]).filter(
      (item): item is FilterPrimitive => !isEmpty(item),
    );
    if (items.length > 0) out.append(key, items.map(toText).join(','));
  } else if (isRecord(value)) {
    for (const [k, v] of Object.entries(value)) appendFilter(out, `${key}.${k}`, v);
  } else {
    out.append(key, toText(value as FilterPrimitive));
  }
}

/** Builds a list query string (without a leading '?'; '' when there is nothing to send). */
export function buildListQuery(params: ListQueryParams): string {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (BARE_KEYS.has(key)) {
      if (!isEmpty(value)) out.append(key, toText(value as FilterPrimitive));
    } else if (key === 'filter' && isRecord(value)) {
      for (const [k, v] of Object.entries(value)) appendFilter(out, FILTER_PREFIX + k, v);
    } else {
      appendFilter(out, FILTER_PREFIX + key, value);
    }
  }
  return out.toString();
}

export interface ListQuery {
  page: number;
  pageSize: number;
  sort: string;
  sortOrder: SortOrder;
  /** Keyed by the dotted path after `filter.` (e.g. 'dataset.status'); values are always strings. */
  filter: Record<string, string | string[]>;
}

export type ListQueryProblem =
  'unknown' | 'duplicate' | 'not_an_integer' | 'too_small' | 'too_large' | 'not_allowed';

export interface ListQueryOptions {
  sortable: readonly string[];
  /** Dotted paths after `filter.`, e.g. ['status', 'dataset.status']. */
  filterable: readonly string[];
}

export type ParseListQueryResult =
  { ok: true; value: ListQuery } | { ok: false; field: string; problem: ListQueryProblem };

/**
 * Parses an already-decoded query object (as Fastify gives it). `field` of a failure is the query key
 * (e.g. 'pageSize', 'filter.status'); the server answers query.invalid_param with params.field = field.
 * Empty values count as absent. A repeated filter key is merged into one list; a repeated bare key fails.
 */
export function parseListQuery(
  query: Record<string, string | string[] | undefined>,
  opts: ListQueryOptions,
): ParseListQueryResult {
  const value: ListQuery = { ...defaultListQuery, filter: {} };
  const fail = (field: string, problem: ListQueryProblem): ParseListQueryResult => ({
    ok: false,
    field,
    problem,
  });

  for (const [key, raw] of Object.entries(query)) {
    if (raw === undefined) continue;
    if (Array.isArray(raw) && BARE_KEYS.has(key)) return fail(key, 'duplicate');
    const text = Array.isArray(raw) ? raw.filter((s) => s !== '').join(',') : raw;
    if (text === '') continue;

    if (key === 'page' || key === 'pageSize') {
      if (!/^\d+$/.test(text)) return fail(key, 'not_an_integer');
      const n = Number(text);
      if (n < 1) return fail(key, 'too_small');
      if (!Number.isSafeInteger(n) || (key === 'pageSize' && n > LIST_PAGE_SIZE_MAX))
        return fail(key, 'too_large');
      value[key] = n;
    } else if (key === 'sort') {
      if (!opts.sortable.includes(text)) return fail(key, 'not_allowed');
      value.sort = text;
    } else if (key === 'sortOrder') {
      if (text !== 'asc' && text !== 'desc') return fail(key, 'not_allowed');
      value.sortOrder = text;
    } else if (key.startsWith(FILTER_PREFIX)) {
      const path = key.slice(FILTER_PREFIX.length);
      if (!opts.filterable.includes(path)) return fail(key, 'not_allowed');
      const parts = text.split(',').filter((s) => s !== '');
      if (parts.length === 0) continue;
      value.filter[path] = text.includes(',') ? parts : text;
    } else {
      return fail(key, 'unknown');
    }
  }
  return { ok: true, value };
}
