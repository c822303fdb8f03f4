// A consistent image of the embedded database, taken while a server runs on it (issue 19).
//
// PGlite's files belong to the one process that runs it (dir-lock.ts), and only that process can
// take an image: `dumpDataDir`, a gzipped tarball of its data directory, which PGlite's
// `loadDataDir` opens again. So the owner answers an `image <token>` request on its lock's socket.
// On Linux that socket is in the abstract namespace, where any local user may connect: the token
// proves the caller can read DATA_DIR (the owner writes it there, readable by its own user only),
// and whoever can read DATA_DIR can copy the database files anyway.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { connectToOwner, type OwnerRequestHandler } from './dir-lock.js';

const TOKEN_FILE = 'owner-token';

/** Takes the image between two transactions. */
export async function takeImage(client: PGlite): Promise<Blob> {
  // A checkpoint first, so that opening the image replays (almost) no WAL.
  await client.exec('CHECKPOINT');
  // query(), exec() and transaction() hold PGlite's transaction mutex while they run, so the
  // checkpoint waits for an open transaction; but another may begin before dumpDataDir, which holds
  // only the query mutex and could fall between two of its statements: hold the transaction mutex too.
  return client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
}

/** Writes a new token into the owned directory and answers image requests that carry it. */
export function serveImages(dataDir: string, client: PGlite): OwnerRequestHandler {
  const file = path.join(dataDir, TOKEN_FILE);
  const token = randomBytes(32).toString('hex');
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  chmodSync(file, 0o600); // an older file keeps its mode through writeFileSync
  const expected = Buffer.from(`image ${token}`);
  return (line, socket) => {
    const got = Buffer.from(line);
    if (got.length !== expected.length || !timingSafeEqual(got, expected)) {
      socket.end('error: not authorised (wrong or old owner token)\n');
      return;
    }
    takeImage(client).then(
      async (image) => {
        socket.write('ok\n');
        socket.end(Buffer.from(await image.arrayBuffer()));
      },
      (error: unknown) => socket.end(`error: ${(error as Error).message}\n`),
    );
  };
}

/** Asks the process that owns `dataDir` (a running server) for an image of its database. */
export async function imageFromOwner(dataDir: string): Promise<Blob> {
  let token: string;
  try {
    token = readFileSync(path.join(dataDir, TOKEN_FILE), 'utf8').trim();
  } catch (error) {
    throw new Error(`cannot read the owner's token in ${dataDir}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return new Promise((resolve, reject) => {
    const socket = connectToOwner(dataDir);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const answer = Buffer.concat(chunks);
      // The answer: the owner's pid, a status line, then the image.
      const pidEnd = answer.indexOf(10);
      const statusEnd = pidEnd < 0 ? -1 : answer.indexOf(10, pidEnd + 1);
      const status = statusEnd < 0 ? null : answer.subarray(pidEnd + 1, statusEnd).toString();
      if (status === 'ok') resolve(new Blob([new Uint8Array(answer.subarray(statusEnd + 1))]));
      else reject(new Error(`the server gave no image: ${status ?? 'it closed the connection'}`));
    });
    socket.end(`image ${token}\n`);
  });
}
