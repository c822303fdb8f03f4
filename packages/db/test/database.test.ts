import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DirectoryLockedError, migrationsFolder, openDatabase, schema } from '../src/index.js';
import { createPostgresDatabase, createTestDatabase, testDatabaseDriver } from '../src/testing.js';

describe('the embedded database (PGlite in DATA_DIR)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gh-db-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('migrates, keeps committed rows across a restart, and refuses a second owner', async () => {
    const first = await openDatabase({ driver: 'pglite', dataDir });
    await first.migrate();
    await first.db.insert(schema.users).values({ email: 'ada@example.com', firstName: 'Ada', lastName: 'L' });
    await expect(openDatabase({ driver: 'pglite', dataDir })).rejects.toBeInstanceOf(DirectoryLockedError);
    await first.close();

    const second = await openDatabase({ driver: 'pglite', dataDir });
    await second.migrate(); // nothing pending: must be a no-op
    const rows = await second.db.select().from(schema.users);
    expect(rows.map((r) => r.email)).toEqual(['ada@example.com']);
    await second.close();
  }, 60_000);
});

describe('the embedded database under a backlog of queries', () => {
  it('lets the event loop come round between them, still in their order of arrival', async () => {
    const database = await openDatabase({ driver: 'pglite', dataDir: null });
    try {
      // Each longer than a turn's budget; PGlite works them on the main thread.
      const slow = sql`select pg_sleep(0.03)`;
      const done: string[] = [];
      const backlog = [
        database.db.execute(slow).then(() => done.push('query')),
        database.executor.executeSql('select pg_sleep(0.03)').then(() => done.push('exec')),
        database.db.transaction((tx) => tx.execute(slow)).then(() => done.push('transaction')),
        database.db.execute(slow).then(() => done.push('last')),
      ];
      // What a new connection, a socket's data or a timer waits for: the next turn of the event loop.
      const doneWhenLoopTurned = new Promise<number>((resolve) => setImmediate(() => resolve(done.length)));
      await Promise.all(backlog);
      // One turn took the whole backlog before.
      expect(await doneWhenLoopTurned).toBeLessThan(backlog.length);
      expect(done).toEqual(['query', 'exec', 'transaction', 'last']);
    } finally {
      await database.close();
    }
  });
});

describe(`the test database (${testDatabaseDriver()})`, () => {
  it('is migrated and isolated per call', async () => {
    const a = await createTestDatabase();
    const b = await createTestDatabase();
    try {
      await a.database.db
        .insert(schema.users)
        .values({ email: 'x@example.com', firstName: 'X', lastName: 'Y' });
      expect(await b.database.db.select().from(schema.users)).toHaveLength(0);
      expect(await a.database.ping()).toBe(true);
      // The unique index is case-insensitive.
      await expect(
        a.database.db.insert(schema.users).values({ email: 'X@EXAMPLE.com', firstName: 'X', lastName: 'Y' }),
      ).rejects.toThrow();
    } finally {
      await a.dispose();
      await b.dispose();
    }
  });
});

describe.runIf(testDatabaseDriver() === 'postgres')('PostgreSQL migrations', () => {
  it('apply once when several processes migrate at the same time', async () => {
    const created = await createPostgresDatabase();
    const databases = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ driver: 'postgres', url: created.url, poolSize: 2 })),
    );
    try {
      await Promise.all(databases.map((d) => d.migrate()));
      const applied = await databases[0]!.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      // Each migration once: as many rows as the journal has migrations.
      const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      expect((applied as unknown as { rows: unknown[] }).rows[0]).toEqual({ n: journal.entries.length });
    } finally {
      await Promise.all(databases.map((d) => d.close()));
      await created.drop();
    }
  });
});
