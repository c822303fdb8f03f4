import { parseListQuery, type ListQuery } from '@greenhouse/contracts';
import type { Db } from '@greenhouse/db';
import { and, asc, count, desc, eq, ilike } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id from a path can be a row's id at all (anything else is simply "not found"). */
export function isUuid(id: string): boolean {
  return uuid.test(id);
}

/** An `ilike` pattern for "contains `text`", its `\`, `%` and `_` matched as themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/** A table of rows each owned by one user. */
export type OwnedTable = PgTable & { id: PgColumn; userId: PgColumn; updatedAt: PgColumn };

export interface OwnedListSpec<T extends OwnedTable> {
  table: T;
  /** The fields a list may be sorted by, with their columns; ties are broken by id, newest last. */
  sortColumns: Readonly<Record<string, PgColumn>>;
  /** The one filter (`filter.<field>`): the rows whose column contains the text, ignoring case. */
  search: { field: string; column: PgColumn };
}

/**
 * A user's paged, filtered, sorted list of one kind of row (spec §7): the query string's whitelists, and
 * a page of the rows with the total.
 */
export class OwnedList<T extends OwnedTable> {
  readonly sortable: readonly string[];
  readonly filterable: readonly string[];

  constructor(private readonly spec: OwnedListSpec<T>) {
    this.sortable = Object.keys(spec.sortColumns);
    this.filterable = [spec.search.field];
  }

  /** The request's list query; a bad one is query.invalid_param. */
  query(request: FastifyRequest): ListQuery {
    const parsed = parseListQuery(request.query as Record<string, string | string[] | undefined>, {
      sortable: this.sortable,
      filterable: this.filterable,
    });
    if (!parsed.ok)
      throw new AppError('query.invalid_param', { field: parsed.field, problem: parsed.problem });
    return parsed.value;
  }

  /** The page of the user's rows the query asks for, and how many rows it matches in all. */
  async page(
    db: Db,
    userId: string,
    query: ListQuery,
  ): Promise<{ rows: T['$inferSelect'][]; total: number }> {
    const { table, sortColumns, search } = this.spec;
    const text = query.filter[search.field];
    const where = and(
      eq(table.userId, userId),
      typeof text === 'string' ? ilike(search.column, containsPattern(text)) : undefined,
    );
    const column = sortColumns[query.sort] ?? table.updatedAt;
    const rows = await db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(query.sortOrder === 'asc' ? asc(column) : desc(column), desc(table.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    const [total] = await db
      .select({ n: count() })
      .from(table as PgTable)
      .where(where);
    // select() of the whole table: its rows as the table describes them.
    return { rows: rows as T['$inferSelect'][], total: total?.n ?? 0 };
  }
}
