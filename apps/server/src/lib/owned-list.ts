import { parseListQuery, type ListQuery } from '@greenhouse/contracts';
import type { Db } from '@greenhouse/db';
import { and, asc, count, desc, eq, getTableColumns, ilike, sql, type SQL } from 'drizzle-orm';
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
  /**
   * What a page selects of each row (drizzle's select fields: columns, or SQL such as a correlated subquery);
   * the whole row when absent. The list's row type (`Row` of OwnedList) must describe it.
   */
  columns?: Record<string, PgColumn | SQL.Aliased | SQL>;
  /** The fields a list may be sorted by, with their columns; ties are broken by id, newest last. */
  sortColumns: Readonly<Record<string, PgColumn>>;
  /** The one filter (`filter.<field>`): the rows whose column contains the text, ignoring case. */
  search: { field: string; column: PgColumn };
}

// The total's field in a page's rows; no table has a column of this name.
const TOTAL = '__total';

/**
 * A user's paged, filtered, sorted list of one kind of row (spec §7): the query string's whitelists, and
 * a page of the rows with the total.
 */
export class OwnedList<T extends OwnedTable, Row = T['$inferSelect']> {
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
  async page(db: Db, userId: string, query: ListQuery): Promise<{ rows: Row[]; total: number }> {
    const { table, sortColumns, search } = this.spec;
    const text = query.filter[search.field];
    const where = and(
      eq(table.userId, userId),
      typeof text === 'string' ? ilike(search.column, containsPattern(text)) : undefined,
    );
    const column = sortColumns[query.sort] ?? table.updatedAt;
    // The total comes with the page (a window over every matching row, counted before the limit): one
    // query instead of a second one to count. The user's own index (user_id, …) serves both.
    const rows = (await db
      .select({
        ...(this.spec.columns ?? getTableColumns(table)),
        [TOTAL]: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(table as PgTable)
      .where(where)
      .orderBy(query.sortOrder === 'asc' ? asc(column) : desc(column), desc(table.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)) as Array<Record<string, unknown>>;
    // A page past the end has no row to carry the total: only then is it counted on its own.
    let total = (rows[0]?.[TOTAL] as number | undefined) ?? 0;
    if (rows.length === 0 && query.page > 1) {
      const [counted] = await db
        .select({ n: count() })
        .from(table as PgTable)
        .where(where);
      total = counted?.n ?? 0;
    }
    for (const row of rows) delete row[TOTAL];
    // The selection above is what `Row` describes (the whole row by default).
    return { rows: rows as Row[], total };
  }
}
