// npm run restore -- <folder>: puts a backup made by `npm run backup` into the configured, empty
// database and artifact store (ARTIFACTS_DIR or ARTIFACTS_URL); the server must be stopped (README, "Backup and restore").
// The database first, then the artifacts, then every file output checked against its row
// (features/pipeline/artifact-check.ts). It never overwrites: a database or an artifact store that
// holds anything is refused.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DirectoryLockedError, openDatabase, type Database } from '@greenhouse/db';
import type { Config } from '../config.js';
import { createArtifactStore } from '../features/pipeline/artifact-store.js';
import { checkArtifactFiles } from '../features/pipeline/artifact-check.js';
import { loadConfigOrExit } from '../lib/exit.js';
import {
  ARTIFACTS,
  BackupError,
  copyFolderToStore,
  databaseFile,
  readManifest,
  runFolderCommand,
  runPostgresTool,
} from './backup-folder.js';

const usage = `Usage: npm run restore -- <folder>

Restores a backup made by npm run backup into the configured database (DATA_DIR or
DATABASE_URL) and artifact store (ARTIFACTS_DIR or ARTIFACTS_URL), which must be empty. Stop the
server first.`;

async function restoreDatabase(config: Config, dump: string): Promise<Database> {
  const { database } = config;
  if (database.driver === 'postgres') {
    // One transaction: a database that is not empty (a table of the same name) fails it whole.
    await runPostgresTool('pg_restore', database.url, [
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      dump,
    ]);
    return openDatabase(database);
  }
  if (existsSync(path.join(database.dataDir, 'db', 'PG_VERSION')))
    throw new BackupError(`${database.dataDir} (DATA_DIR) already holds a database: move it away first`);
  try {
    // Holds DATA_DIR's lock until closed: no server can start on a half-restored folder.
    return await openDatabase({ ...database, loadDataDir: new Blob([await readFile(dump)]) });
  } catch (error) {
    if (error instanceof DirectoryLockedError) throw new BackupError(error.message);
    throw error;
  }
}

async function restore(config: Config, folder: string): Promise<string> {
  const manifest = await readManifest(folder);
  if (manifest.database !== config.database.driver)
    throw new BackupError(
      `the backup is of ${manifest.database === 'postgres' ? 'a PostgreSQL' : 'an embedded'} database; ` +
        `restore it with ${manifest.database === 'postgres' ? 'DATABASE_URL set' : 'DATABASE_URL unset'}`,
    );
  const store = await createArtifactStore(config);
  if ((await store.bloomIds()).length > 0)
    throw new BackupError(
      `${store.location} (${config.s3 ? 'ARTIFACTS_URL' : 'ARTIFACTS_DIR'}) is not empty: move it away first`,
    );

  const database = await restoreDatabase(config, path.join(folder, databaseFile(manifest.database)));
  try {
    // A backup of an older version: the tables as this version's server expects them.
    await database.migrate();
    const files = await copyFolderToStore(path.join(folder, ARTIFACTS), store);
    const check = await checkArtifactFiles(database.db, store);
    const lines = [
      `Restored the backup of ${manifest.createdAt} (version ${manifest.appVersion}): the database and ${files} artifact files; ${check.matching} file outputs match their records.`,
    ];
    for (const name of check.checkpointsDropped)
      lines.push(`  checkpoint dropped (it changed during the backup; its stage starts over): ${name}`);
    for (const problem of check.broken)
      lines.push(`  MISSING OR DIFFERENT (was the agent deleted during the backup?): ${problem}`);
    return lines.join('\n');
  } finally {
    await database.close();
  }
}

await runFolderCommand(usage, 'Restore', (folder) => restore(loadConfigOrExit(), folder));
