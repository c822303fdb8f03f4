// @fastify/rate-limit's counts in the database (PostgreSQL), so every process of the installation — the HTTP
// processes of API_PROCESSES, and servers on other machines behind one load balancer — shares one allowance
// per route and client. The embedded database has one process, which keeps the plugin's in-memory store.
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { schema, type Db } from '@greenhouse/db';
import { lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

/** How often, at most, windows that have ended are removed (by the next hit after that long). */
export const RATE_LIMIT_CLEANUP_MS = 10 * 60_000;

export interface DatabaseRateLimitStoreOptions {
  /** Where a failed clean-up is told (the hit itself fails with its error, which the plugin answers). */
  log?: FastifyBaseLogger;
  /** Clean-up interval; RATE_LIMIT_CLEANUP_MS unless set (tests). */
  cleanupEveryMs?: number;
}

/**
 * One hit on `key` in a window of `timeWindowMs`: one atomic upsert that counts the hit, or starts a new
 * window (hits 1) when the row's window has ended. Answers the hits in the window and the milliseconds left.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  timeWindowMs: number,
): Promise<{ current: number; ttl: number }> {
  const t = schema.rateLimits;
  const newWindowEnd = sql`now() + make_interval(secs => ${timeWindowMs}::float8 / 1000)`;
  const ended = sql`${t.resetsAt} <= now()`;
  const [row] = await db
    .insert(t)
    .values({ key, hits: 1, resetsAt: newWindowEnd })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${t.hits} + 1 end`,
        resetsAt: sql`case when ${ended} then excluded.resets_at else ${t.resetsAt} end`,
      },
    })
    .returning({
      hits: t.hits,
      ttl: sql<number>`greatest(0, ceil(extract(epoch from ${t.resetsAt} - now()) * 1000))::int`,
    });
  return { current: row!.hits, ttl: Number(row!.ttl) };
}

/** Removes the windows that have ended (a next hit would start a new one anyway); answers how many. */
export async function removeEndedRateLimits(db: Db): Promise<number> {
  const removed = await db
    .delete(schema.rateLimits)
    .where(lt(schema.rateLimits.resetsAt, sql`now()`))
    .returning({ key: schema.rateLimits.key });
  return removed.length;
}

/**
 * The store class @fastify/rate-limit takes as `store` (it constructs it with its options, and asks it for
 * a child per route with a limit of its own). Each route counts apart, as the in-memory store's children do:
 * the key is prefixed with the route's method and URL.
 */
export function databaseRateLimitStore(
  db: Db,
  options: DatabaseRateLimitStoreOptions = {},
): FastifyRateLimitStoreCtor {
  const cleanupEveryMs = options.cleanupEveryMs ?? RATE_LIMIT_CLEANUP_MS;
  // Shared by the root store and its children: one clean-up at a time per process.
  const cleanup = { last: Date.now(), running: false };
  const maybeCleanUp = () => {
    if (cleanup.running || Date.now() - cleanup.last < cleanupEveryMs) return;
    cleanup.running = true;
    cleanup.last = Date.now();
    void removeEndedRateLimits(db)
      .catch((error: unknown) => options.log?.warn({ err: error }, 'rate limit clean-up failed'))
      .finally(() => (cleanup.running = false));
  };

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly scope = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      hitRateLimit(db, `${this.scope}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
      maybeCleanUp();
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the route as `routeInfo` (its types do not say so); `createRateLimit` passes none.
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
      const scope = route.url ? `${String(route.method)} ${String(route.url)}|` : '';
      return new DatabaseRateLimitStore(routeOptions as FastifyRateLimitOptions, scope);
    }
  }
  return DatabaseRateLimitStore;
}
