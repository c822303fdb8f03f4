import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './database.js';

/** Runs SQL text with positional parameters ($1, $2…): the interface libraries like pg-boss take. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** Turns `text` with $n placeholders into a Drizzle SQL object with the same parameters. */
function toSql(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => {
    if (i % 2 === 0) chunks.push(sql.raw(part));
    else chunks.push(sql`${values[Number(part) - 1] ?? null}`);
  });
  return sql.join(chunks);
}

/**
 * An executor that runs inside a Drizzle database or transaction, so that work done by another
 * library (e.g. enqueuing a job) commits or rolls back together with ours. Parameterised
 * statements only: one statement per call.
 */
export function executorOf(db: Db): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const result = (await db.execute(toSql(text, values))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}
