import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDirectory, type DirectoryLock, type OwnerRequestHandler } from './dir-lock.js';
import { serveImages, takeImage } from './embedded-image.js';
import { takeTurns } from './pglite-turns.js';
import type { SqlExecutor } from './sql-executor.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The common type of both drivers' databases: code above this package never knows which it has. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseDriver = 'pglite' | 'postgres';

export interface Database {
  readonly db: Db;
  readonly driver: DatabaseDriver;
  /** Applies pending migrations; safe when several processes start at once. */
  migrate(): Promise<void>;
  /** Answers whether the database responds, for health checks. */
  ping(): Promise<boolean>;
  /** The raw connection, for libraries that bring their own SQL (the job queue). */
  readonly executor: SqlExecutor;
  /** PGlite only: a consistent image of the database (a gzipped tarball; `loadDataDir` opens it). */
  image?(): Promise<Blob>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { driver: 'postgres'; url: string; poolSize?: number }
  /** `dataDir` null keeps the database in memory (tests); `loadDataDir` fills a new database from an image. */
  | { driver: 'pglite'; dataDir: string | null; loadDataDir?: Blob | File };

// Both src/ and dist/ sit one level below the package root, where the migrations live.
export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

// An arbitrary, fixed key for the advisory lock that serialises migrations between processes.
const MIGRATION_LOCK_KEY = 0x67686f75; // "ghou"

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.driver === 'postgres' ? openPostgres(options.url, options.poolSize) : openPglite(options);
}

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePostgres(pool, { schema });
  return {
    db,
    driver: 'postgres',
    async migrate() {
      // drizzle's migrator takes no lock of its own: hold an advisory lock on one connection
      // so that workers starting together apply each migration once.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    ping: () => ping(db),
    executor: {
      // The simple query protocol (no values) allows several statements, as migrations need.
      executeSql: (text, values) => (values?.length ? pool.query(text, values) : pool.query(text)),
    },
    close: () => pool.end(),
  };
}

async function openPglite(options: { dataDir: string | null; loadDataDir?: Blob | File }): Promise<Database> {
  let lock: DirectoryLock | null = null;
  let client: PGlite;
  if (options.dataDir) {
    // The owner answers requests for an image (embedded-image.ts) once its database is open.
    let serve: OwnerRequestHandler = (_line, socket) => socket.end('error: the database is not open yet\n');
    lock = await lockDirectory(options.dataDir, (line, socket) => serve(line, socket));
    const databaseDir = path.join(lock.directory, 'db');
    mkdirSync(databaseDir, { recursive: true });
    try {
      client = await PGlite.create({
        dataDir: databaseDir,
        ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      });
    } catch (error) {
      await lock.release();
      throw error;
    }
    serve = serveImages(lock.directory, client);
  } else {
    client = await PGlite.create(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  }
  takeTurns(client);
  const db = drizzlePglite(client, { schema });
  return {
    db,
    driver: 'pglite',
    // One process owns a PGlite database (the directory lock), so no cross-process lock is needed.
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: () => ping(db),
    executor: {
      // PGlite prepares parameterised statements (one each); exec runs scripts of several.
      async executeSql(text, values) {
        if (values?.length) return client.query(text, values);
        return (await client.exec(text)).at(-1) ?? { rows: [] };
      },
    },
    image: () => takeImage(client),
    async close() {
      await client.close();
      await lock?.release();
    },
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
