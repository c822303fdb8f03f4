// Test support: a fresh, migrated database per test file, on the driver the run asks for.
// TEST_DATABASE_URL (a postgres:// URL) selects PostgreSQL, where each call creates its own
// database on that server; without it each call gets an in-memory PGlite.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseOptions } from './database.js';

export interface TestDatabase {
  database: Database;
  options: DatabaseOptions;
  /** Closes the database and drops it (PostgreSQL). */
  dispose(): Promise<void>;
}

export function testDatabaseDriver(): 'postgres' | 'pglite' {
  return process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
}

/** Creates an empty PostgreSQL database on the TEST_DATABASE_URL server and returns its URL. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `gh_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

// A migrated PGlite image, made once per process: a new PGlite plus migrations costs seconds,
// loading the image far less.
let pgliteImage: Promise<Blob> | null = null;

function migratedPgliteImage(): Promise<Blob> {
  pgliteImage ??= (async () => {
    const database = await openDatabase({ driver: 'pglite', dataDir: null });
    await database.migrate();
    const client = (database.db as unknown as { $client: { dumpDataDir(): Promise<Blob> } }).$client;
    const image = await client.dumpDataDir();
    await database.close();
    return image;
  })();
  return pgliteImage;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseDriver() === 'postgres') {
    const created = await createPostgresDatabase();
    const options: DatabaseOptions = { driver: 'postgres', url: created.url, poolSize: 5 };
    const database = await openDatabase(options);
    await database.migrate();
    return {
      database,
      options,
      async dispose() {
        await database.close();
        await created.drop();
      },
    };
  }
  const options: DatabaseOptions = {
    driver: 'pglite',
    dataDir: null,
    loadDataDir: await migratedPgliteImage(),
  };
  const database = await openDatabase(options);
  return { database, options, dispose: () => database.close() };
}
