export { openDatabase, migrationsFolder } from './database.js';
export type { Database, DatabaseDriver, DatabaseOptions, Db, Schema } from './database.js';
export { lockDirectory, DirectoryLockedError } from './dir-lock.js';
export { imageFromOwner } from './embedded-image.js';
export type { DirectoryLock } from './dir-lock.js';
export * as schema from './schema.js';
export { executorOf } from './sql-executor.js';
export type { SqlExecutor } from './sql-executor.js';
