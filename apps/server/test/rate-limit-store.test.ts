// The rate limits' store in the database (lib/rate-limit-store.ts): what the processes of one installation
// (API_PROCESSES, or hosts behind one load balancer) count together. Two stores on one database stand for two
// processes; the server uses it on PostgreSQL, and its SQL is PostgreSQL's, so it runs on PGlite as well.
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import { schema } from '@greenhouse/db';
import { createTestDatabase, type TestDatabase } from '@greenhouse/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseRateLimitStore, removeEndedRateLimits } from '../src/lib/rate-limit-store.js';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(async () => test?.dispose());

/** A route's store in one "process": a store class of its own, its child for the route, as the plugin makes. */
function routeStore(route = { method: 'POST', url: '/api/auth/signin' }, cleanupEveryMs?: number) {
  const Store = databaseRateLimitStore(
    test.database.db,
    cleanupEveryMs === undefined ? {} : { cleanupEveryMs },
  );
  const options = {} as FastifyRateLimitOptions;
  return new Store(options).child({ routeInfo: route } as unknown as Parameters<
    FastifyRateLimitStore['child']
  >[0]);
}

const hit = (store: FastifyRateLimitStore, key: string, windowMs: number) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs, 10),
  );

const keysLeft = async () =>
  (await test.database.db.select({ key: schema.rateLimits.key }).from(schema.rateLimits)).map((r) => r.key);

describe('rate limit store in the database', () => {
  it('counts the hits of two processes together, in one window', async () => {
    const [a, b] = [routeStore(), routeStore()];
    const seen: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const result = await hit(i % 2 === 0 ? a : b, '10.0.0.1|shared@example.com', 60_000);
      seen.push(result.current);
      expect(result.ttl).toBeGreaterThan(50_000);
      expect(result.ttl).toBeLessThanOrEqual(60_000);
    }
    expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('counts every hit once when they come at the same moment (one atomic statement each)', async () => {
    const stores = [routeStore(), routeStore()];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => hit(stores[i % 2]!, 'at-once', 60_000)),
    );
    expect(results.map((r) => r.current).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('keeps routes and keys apart', async () => {
    const signIn = routeStore();
    const signUp = routeStore({ method: 'POST', url: '/api/auth/signup' });
    expect((await hit(signIn, 'apart', 60_000)).current).toBe(1);
    expect((await hit(signIn, 'apart', 60_000)).current).toBe(2);
    expect((await hit(signUp, 'apart', 60_000)).current).toBe(1);
    expect((await hit(signIn, 'apart-other', 60_000)).current).toBe(1);
  });

  it('starts a new window once the last one has ended, with the whole window again', async () => {
    const [a, b] = [routeStore(), routeStore()];
    expect((await hit(a, 'window', 400)).current).toBe(1);
    const second = await hit(b, 'window', 400);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeLessThanOrEqual(400);
    await new Promise((r) => setTimeout(r, 500));
    const next = await hit(b, 'window', 400);
    expect(next.current).toBe(1);
    expect(next.ttl).toBeGreaterThan(300);
    expect((await hit(a, 'window', 400)).current).toBe(2);
  });

  it('removes windows that have ended, now and then, and keeps the others', async () => {
    const store = routeStore({ method: 'POST', url: '/cleanup' });
    await hit(store, 'short', 100);
    await hit(store, 'long', 60_000);
    await new Promise((r) => setTimeout(r, 200));
    expect(await keysLeft()).toEqual(expect.arrayContaining(['POST /cleanup|short', 'POST /cleanup|long']));
    expect(await removeEndedRateLimits(test.database.db)).toBeGreaterThanOrEqual(1);
    let left = await keysLeft();
    expect(left).not.toContain('POST /cleanup|short');
    expect(left).toContain('POST /cleanup|long');

    // A store whose clean-up is due removes them by itself, on a hit.
    const eager = routeStore({ method: 'POST', url: '/cleanup' }, 0);
    await hit(store, 'short-again', 100);
    await new Promise((r) => setTimeout(r, 200));
    await hit(eager, 'long', 60_000);
    // The clean-up runs beside the hit, not before its answer.
    for (let i = 0; i < 50 && left.includes('POST /cleanup|short-again'); i += 1) {
      await new Promise((r) => setTimeout(r, 20));
      left = await keysLeft();
    }
    expect(left).not.toContain('POST /cleanup|short-again');
    expect(left).toContain('POST /cleanup|long');
  });
});
