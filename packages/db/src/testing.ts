// Test support: a fresh, migrated database per test file, on the driver the run asks for.
// TEST_DATABASE_URL (a postgres:// URL) selects PostgreSQL, where each call creates its own
// database on that server; without it each call gets an in-memory PGlite.
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder, openDatabase, type Database, type DatabaseOptions } from './database.js';

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

/** The environment variable naming a migrated PGlite image made once for the whole run (writeMigratedPgliteImage). */
export const PGLITE_IMAGE_ENV = 'GREENHOUSE_TEST_PGLITE_IMAGE';

async function buildMigratedPgliteImage(): Promise<Blob> {
  const database = await openDatabase({ driver: 'pglite', dataDir: null });
  await database.migrate();
  const client = (database.db as unknown as { $client: { dumpDataDir(): Promise<Blob> } }).$client;
  const image = await client.dumpDataDir();
  await database.close();
  return image;
}

/**
 * Writes a migrated PGlite image to `file`, for a test runner's global set-up to hand every test process
 * (through PGLITE_IMAGE_ENV): a new PGlite plus migrations and a dump cost about ten seconds on a loaded 2-core
 * machine, loading the image a third of that, and every test file is a process of its own.
 */
export async function writeMigratedPgliteImage(file: string): Promise<void> {
  writeFileSync(file, Buffer.from(await (await buildMigratedPgliteImage()).arrayBuffer()));
}

// The migrated image: the run's own (PGLITE_IMAGE_ENV), else made once per process.
let pgliteImage: Promise<Blob> | null = null;

function migratedPgliteImage(): Promise<Blob> {
  const file = process.env[PGLITE_IMAGE_ENV];
  pgliteImage ??= file ? Promise.resolve(new Blob([readFileSync(file)])) : buildMigratedPgliteImage();
  return pgliteImage;
}

/**
 * Applies the migrations up to and including `tag` (e.g. `0007_rate_limits`) and no later one: a database as an
 * older version of the code left it, for upgrade tests (`database.migrate()` then applies the rest).
 */
async function migrateUpTo(
  database: Database,
  driver: DatabaseOptions['driver'],
  tag: string,
): Promise<void> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.findIndex((e) => e.tag === tag);
  if (last < 0) throw new Error(`no migration ${tag}`);
  const folder = mkdtempSync(path.join(tmpdir(), 'gh-migrations-'));
  try {
    mkdirSync(path.join(folder, 'meta'));
    const entries = journal.entries.slice(0, last + 1);
    for (const e of entries)
      copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
    writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    if (driver === 'postgres')
      await migratePostgres(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
    else await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** `migratedUpTo`: only the migrations up to this one (see migrateUpTo); by default, all of them. */
export async function createTestDatabase({
  migratedUpTo,
}: { migratedUpTo?: string } = {}): Promise<TestDatabase> {
  if (migratedUpTo) {
    const created = testDatabaseDriver() === 'postgres' ? await createPostgresDatabase() : null;
    const options: DatabaseOptions = created
      ? { driver: 'postgres', url: created.url, poolSize: 5 }
      : { driver: 'pglite', dataDir: null };
    const database = await openDatabase(options);
    await migrateUpTo(database, options.driver, migratedUpTo);
    return {
      database,
      options,
      async dispose() {
        await database.close();
        await created?.drop();
      },
    };
  }
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
