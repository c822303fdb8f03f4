import net from 'node:net';
import type { SessionClient } from './session-client.js';

export interface RawAnswer {
  /** The status of the answer, or null when none came. */
  status: number | null;
  /** Everything the server sent (head and body). */
  text: string;
  /** The answer's body parsed as JSON, when it is JSON. */
  json: unknown;
  ms: number;
  /** Whether the server closed the connection (rather than the wait running out). */
  closed: boolean;
}

/**
 * Sends `bytes` as they are over a fresh TCP connection and reads until the server closes it, a whole
 * answer (by its Content-Length) came, or `waitMs` passed: for requests fetch cannot send (broken
 * framing, a Content-Length larger than the body).
 */
export function rawRequest(port: number, bytes: Buffer, waitMs: number): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('utf8');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      const body = text.slice(text.indexOf('\r\n\r\n') + 4);
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      resolve({ status: status ? Number(status) : null, text, json, ms: Date.now() - started, closed });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const text = Buffer.concat(chunks).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: (\d+)/i.exec(text.slice(0, end))?.[1];
      if (end !== -1 && length !== undefined && text.length - end - 4 >= Number(length)) finish(true);
    });
    socket.on('error', () => finish(true));
    socket.on('close', () => finish(true));
    socket.write(bytes);
  });
}

/** The head of a request from a signed-in client (its cookies and CSRF token), without a trailing blank line. */
export function rawHead(
  client: SessionClient,
  method: string,
  path: string,
  headers: Record<string, string>,
) {
  const all: Record<string, string> = {
    host: 'localhost',
    cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '',
    ...headers,
  };
  return `${method} ${path} HTTP/1.1\r\n${Object.entries(all)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\n`;
}

/** A whole request: head, Content-Length of `body` (unless given) and body. */
export function rawBytes(
  client: SessionClient,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
): Buffer {
  const withLength = { 'content-length': String(body.length), connection: 'close', ...headers };
  return Buffer.concat([Buffer.from(`${rawHead(client, method, path, withLength)}\r\n`, 'latin1'), body]);
}
