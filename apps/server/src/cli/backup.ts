// npm run backup -- <folder>: a consistent backup of the database and the artifacts, taken while
// the server runs (README, "Backup and restore"; the layout in backup-folder.ts).
//
// The database first, then the artifacts: a file is written before the row naming it is committed,
// so every file the dump names already exists when the copy starts (artifact-check.ts says what can
// still differ, and the restore repairs or reports it). Files newer than the dump are harmless.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DirectoryLockedError, imageFromOwner, openDatabase } from '@greenhouse/db';
import type { Config } from '../config.js';
import { createArtifactStore } from '../features/pipeline/artifact-store.js';
import { appVersion } from '../lib/app-version.js';
import { loadConfigOrExit } from '../lib/exit.js';
import {
  ARTIFACTS,
  BackupError,
  copyStoreToFolder,
  databaseFile,
  entriesOf,
  runFolderCommand,
  runPostgresTool,
  writeManifest,
} from './backup-folder.js';

const usage = `Usage: npm run backup -- <folder>

Writes a backup of the database and the artifacts (ARTIFACTS_DIR, or the objects of ARTIFACTS_URL)
into <folder> (new or empty), while the server runs or not, with the server's configuration
(DATA_DIR or DATABASE_URL, ARTIFACTS_DIR or ARTIFACTS_URL and S3_*).
PostgreSQL needs pg_dump. Restore it with: npm run restore -- <folder>`;

/** The embedded database's image: from the running server, or opened here when none runs. */
async function embeddedImage(dataDir: string): Promise<Blob> {
  if (!existsSync(path.join(dataDir, 'db', 'PG_VERSION')))
    throw new BackupError(`there is no embedded database in ${dataDir} (DATA_DIR)`);
  let database;
  try {
    database = await openDatabase({ driver: 'pglite', dataDir });
  } catch (error) {
    // A server owns the database: only it can take the image.
    if (error instanceof DirectoryLockedError) return imageFromOwner(dataDir);
    throw error;
  }
  try {
    return await database.image!();
  } finally {
    await database.close();
  }
}

async function backup(config: Config, folder: string): Promise<string> {
  if ((await entriesOf(folder)).length > 0) throw new BackupError(`${folder} is not empty`);
  await mkdir(folder, { recursive: true });
  const { database } = config;
  const dump = path.join(folder, databaseFile(database.driver));
  if (database.driver === 'postgres')
    await runPostgresTool('pg_dump', database.url, ['--format=custom', `--file=${dump}`]);
  else await writeFile(dump, Buffer.from(await (await embeddedImage(database.dataDir)).arrayBuffer()));
  const files = await copyStoreToFolder(await createArtifactStore(config), path.join(folder, ARTIFACTS));
  await writeManifest(folder, {
    format: 'greenhouse-backup-1',
    database: database.driver,
    createdAt: new Date().toISOString(),
    appVersion: appVersion(),
  });
  return `Backed up the ${database.driver === 'postgres' ? 'PostgreSQL' : 'embedded'} database and ${files} artifact files into ${folder}.`;
}

await runFolderCommand(usage, 'Backup', (folder) => backup(loadConfigOrExit(), folder));
