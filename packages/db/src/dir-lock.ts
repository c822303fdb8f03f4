import { createHash } from 'node:crypto';
import { mkdirSync, realpathSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * An exclusive, process-lifetime lock on a directory.
 *
 * PGlite lets two processes open one data directory without error and the last to close silently
 * wins, so the embedded database must have one owner. Lock-file libraries (proper-lockfile and
 * the like) detect a dead owner by the age of the file, which would block the next start for the
 * stale period after a SIGKILL. Instead the lock is a listening local socket: the kernel releases
 * it the moment its process dies, however it dies. On Linux it lives in the abstract namespace
 * (no file at all), on Windows it is a named pipe; elsewhere it is a socket file whose stale
 * leftovers are detected by a refused connection.
 *
 * The owner answers each connection with its pid (one line), so a refused second process can say
 * who holds the directory. An owner that takes requests (`onRequest`) then reads one line from the
 * connection and hands it over with the socket: the lock's socket is the owner's address, which
 * other processes can find from the directory alone (the backup command asks it for an image).
 */
export class DirectoryLockedError extends Error {
  constructor(
    readonly directory: string,
    readonly ownerPid: number | null,
  ) {
    super(
      `The data directory ${directory} is already in use by another Greenhouse process` +
        (ownerPid ? ` (pid ${ownerPid})` : '') +
        '. Only one process may own the embedded database: stop the other process first, ' +
        'point DATA_DIR at another directory, or use PostgreSQL (DATABASE_URL) to run several processes.',
    );
    this.name = 'DirectoryLockedError';
  }
}

/** Answers one request line on a connection to the lock's owner; it ends the socket. */
export type OwnerRequestHandler = (line: string, socket: net.Socket) => void;

export interface DirectoryLock {
  readonly directory: string;
  release(): Promise<void>;
}

function socketAddress(directory: string): { address: string; isFile: boolean } {
  const id = createHash('sha256').update(directory).digest('hex').slice(0, 32);
  if (process.platform === 'linux') return { address: `\0greenhouse-dir-lock-${id}`, isFile: false };
  if (process.platform === 'win32')
    return { address: `\\\\?\\pipe\\greenhouse-dir-lock-${id}`, isFile: false };
  return { address: path.join(directory, '.greenhouse.lock.sock'), isFile: true };
}

function listen(server: net.Server, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(address, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

/** Asks the current owner for its pid; null when nobody answers (a stale socket file). */
function askOwner(address: string): Promise<{ alive: boolean; pid: number | null }> {
  return new Promise((resolve) => {
    const socket = net.connect(address);
    // No request: the owner answers its pid and ends.
    socket.end();
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('end', () => {
      const pid = Number.parseInt(data, 10);
      resolve({ alive: true, pid: Number.isFinite(pid) ? pid : null });
    });
    socket.on('error', () => resolve({ alive: false, pid: null }));
    socket.setTimeout(2000, () => {
      socket.destroy();
      resolve({ alive: true, pid: null });
    });
  });
}

/** Connects to the owner of a locked directory (it first answers its pid, one line). */
export function connectToOwner(directory: string): net.Socket {
  return net.connect(socketAddress(realpathSync(directory)).address);
}

const MAX_REQUEST_BYTES = 1024;

function answer(socket: net.Socket, onRequest: OwnerRequestHandler | undefined): void {
  socket.on('error', () => socket.destroy());
  if (!onRequest) {
    socket.end(`${process.pid}\n`);
    return;
  }
  socket.write(`${process.pid}\n`);
  let data = '';
  const done = (line: string | null) => {
    socket.removeAllListeners('data').removeAllListeners('end');
    socket.setTimeout(0);
    if (line === null) socket.end();
    else onRequest(line, socket);
  };
  socket.setEncoding('utf8');
  socket.setTimeout(10_000, () => socket.destroy());
  socket.on('data', (chunk: string) => {
    data += chunk;
    const newline = data.indexOf('\n');
    if (newline >= 0) done(data.slice(0, newline));
    else if (data.length > MAX_REQUEST_BYTES) done(null);
  });
  socket.on('end', () => done(null));
}

export async function lockDirectory(
  directory: string,
  onRequest?: OwnerRequestHandler,
): Promise<DirectoryLock> {
  mkdirSync(directory, { recursive: true });
  const resolved = realpathSync(directory);
  const { address, isFile } = socketAddress(resolved);

  // allowHalfOpen: a client may end its side after its request and still read the answer.
  const server = net.createServer({ allowHalfOpen: true }, (socket) => answer(socket, onRequest));
  try {
    await listen(server, address);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    const owner = await askOwner(address);
    if (owner.alive || !isFile) throw new DirectoryLockedError(resolved, owner.pid);
    // A socket file left behind by a killed owner: nobody listens, so it is safe to replace.
    rmSync(address, { force: true });
    await listen(server, address);
  }
  // The lock must not keep the process alive by itself.
  server.unref();

  return {
    directory: resolved,
    release: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
