import { parseListQuery, type ListQuery } from '@greenhouse/contracts';
import type { Db } from '@greenhouse/db';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  getTableName,
  ilike,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
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

/** A page's prepared query: its rows as the selection describes them, with the total. */
interface PageStatement {
  execute(values: Record<string, unknown>): Promise<Array<Record<string, unknown>>>;
}

/**
 * A user's paged, filtered, sorted list of one kind of row (docs/product-rules.md §7): the query string's
 * whitelists, and a page of the rows with the total.
 */
export class OwnedList<T extends OwnedTable, Row = T['$inferSelect']> {
  readonly sortable: readonly string[];
  readonly filterable: readonly string[];
  // Per database (tests open several in one process), by query shape: see `statement`.
  private readonly statements = new WeakMap<Db, Map<string, PageStatement>>();

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
    const text = query.filter[this.spec.search.field];
    const filtered = typeof text === 'string';
    const rows = await this.statement(db, query, filtered).execute({
      userId,
      ...(filtered ? { pattern: containsPattern(text) } : {}),
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    // A page past the end has no row to carry the total: only then is it counted on its own.
    let total = (rows[0]?.[TOTAL] as number | undefined) ?? 0;
    if (rows.length === 0 && query.page > 1) {
      const [counted] = await db
        .select({ n: count() })
        .from(this.spec.table as PgTable)
        .where(this.where(userId, filtered ? containsPattern(text) : null));
      total = counted?.n ?? 0;
    }
    for (const row of rows) delete row[TOTAL];
    // The selection above is what `Row` describes (the whole row by default).
    return { rows: rows as Row[], total };
  }

  /** The user's rows, those that match the filter when there is one: values, or a statement's placeholders. */
  private where(userId: string | Placeholder, pattern: string | Placeholder | null): SQL | undefined {
    const { table, search } = this.spec;
    return and(eq(table.userId, userId), pattern === null ? undefined : ilike(search.column, pattern));
  }

  /**
   * The page's query for this order (and with or without the filter) as a prepared statement: built once per
   * database, parsed once per connection, as lists are read far more often than anything else.
   */
  private statement(db: Db, query: ListQuery, filtered: boolean): PageStatement {
    const { table, sortColumns } = this.spec;
    const key = `${query.sort}_${query.sortOrder}_${filtered ? 'filtered' : 'all'}`;
    let statements = this.statements.get(db);
    if (!statements) this.statements.set(db, (statements = new Map()));
    let statement = statements.get(key);
    if (!statement) {
      const column = sortColumns[query.sort] ?? table.updatedAt;
      // The total comes with the page (a window over every matching row, counted before the limit): one
      // query instead of a second one to count. The user's own index (user_id, …) serves both.
      statement = db
        .select({
          ...(this.spec.columns ?? getTableColumns(table)),
          [TOTAL]: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(table as PgTable)
        .where(this.where(sql.placeholder('userId'), filtered ? sql.placeholder('pattern') : null))
        .orderBy(query.sortOrder === 'asc' ? asc(column) : desc(column), desc(table.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        // The statement's name is per connection: one per table and query shape.
        .prepare(`owned_list_${getTableName(table)}_${key}`) as PageStatement;
      statements.set(key, statement);
    }
    return statement;
  }
}
