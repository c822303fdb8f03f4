// The admin lists' query strings (docs/product-rules.md §7): the contracts' whitelists, the list's own
// default sort, and the filters' values checked, each bad one answered query.invalid_param with the key
// it came in.
import { parseListQuery, type ListQuery } from '@greenhouse/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { isUuid } from '../../lib/owned-list.js';

export interface AdminListOptions {
  sortable: readonly string[];
  filterable: readonly string[];
  defaultSort: string;
}

const invalid = (field: string, problem: string) =>
  new AppError('query.invalid_param', { field: `filter.${field}`, problem });

export function adminListQuery(request: FastifyRequest, options: AdminListOptions): ListQuery {
  const parsed = parseListQuery(request.query as Record<string, string | string[] | undefined>, options);
  if (!parsed.ok) throw new AppError('query.invalid_param', { field: parsed.field, problem: parsed.problem });
  // The parser's default (updatedAt) is the users' own lists'; an admin list has its own.
  const query = parsed.value;
  return options.sortable.includes(query.sort) ? query : { ...query, sort: options.defaultSort };
}

/** A filter's text as given (a comma made it a list: joined back). */
export function textFilter(query: ListQuery, field: string): string | undefined {
  const value = query.filter[field];
  return Array.isArray(value) ? value.join(',') : value;
}

/** A filter of one or more of `allowed` values. */
export function oneOfFilter<T extends string>(
  query: ListQuery,
  field: string,
  allowed: readonly T[],
): T[] | undefined {
  const value = query.filter[field];
  if (value === undefined) return undefined;
  const values = Array.isArray(value) ? value : [value];
  if (!values.every((v) => (allowed as readonly string[]).includes(v))) throw invalid(field, 'not_allowed');
  return values as T[];
}

export function booleanFilter(query: ListQuery, field: string): boolean | undefined {
  const [value, ...more] = oneOfFilter(query, field, ['true', 'false'] as const) ?? [];
  if (more.length > 0) throw invalid(field, 'not_allowed');
  return value === undefined ? undefined : value === 'true';
}

export function uuidFilter(query: ListQuery, field: string): string | undefined {
  const value = query.filter[field];
  if (value === undefined) return undefined;
  if (Array.isArray(value) || !isUuid(value)) throw invalid(field, 'not_allowed');
  return value;
}
