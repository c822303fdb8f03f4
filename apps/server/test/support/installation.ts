// A throwaway installation for tests that run the server as OS processes: a DATA_DIR and a database
// (PGlite in it, or a new PostgreSQL database when TEST_DATABASE_URL is set), removed by the caller's
// cleanups; and a confirmed account made in the database before any process owns it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, schema, type DatabaseOptions } from '@greenhouse/db';
import { createPostgresDatabase, testDatabaseDriver } from '@greenhouse/db/testing';
import { hashPassword } from '../../src/features/auth/passwords.js';
import { TEST_PASSWORD } from './users.js';

export type Cleanup = () => Promise<void> | void;

export interface Installation {
  dataDir: string;
  postgres: { url: string } | null;
  options: DatabaseOptions;
  /** DATA_DIR, and DATABASE_URL on PostgreSQL: what a server process needs to open it. */
  env: NodeJS.ProcessEnv;
}

/** An empty installation; its folder and database are removed by `cleanups`. */
export async function emptyInstallation(prefix: string, cleanups: Cleanup[]): Promise<Installation> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const postgres = testDatabaseDriver() === 'postgres' ? await createPostgresDatabase() : null;
  if (postgres) cleanups.push(() => postgres.drop());
  const options: DatabaseOptions = postgres
    ? { driver: 'postgres', url: postgres.url }
    : { driver: 'pglite', dataDir };
  return {
    dataDir,
    postgres,
    options,
    env: { DATA_DIR: dataDir, ...(postgres ? { DATABASE_URL: postgres.url } : {}) },
  };
}

/** A migrated database with one confirmed account (password TEST_PASSWORD); returns its e-mail. */
export async function withConfirmedUser(options: DatabaseOptions, prefix: string): Promise<string> {
  const [email] = await withConfirmedUsers(options, [prefix]);
  return email!;
}

/** The same with one account per prefix, in one opening of the database; returns their e-mails. */
export async function withConfirmedUsers(options: DatabaseOptions, prefixes: string[]): Promise<string[]> {
  const emails = prefixes.map((prefix) => `${prefix}.${Date.now()}@example.com`);
  const passwordHash = await hashPassword(TEST_PASSWORD);
  const database = await openDatabase(options);
  try {
    await database.migrate();
    await database.db.insert(schema.users).values(
      emails.map((email) => ({
        email,
        firstName: 'Test',
        lastName: 'User',
        passwordHash,
        emailConfirmedAt: new Date(),
      })),
    );
  } finally {
    await database.close();
  }
  return emails;
}
