import type { Config } from '../config.js';

/** Fastify's default, kept: longer than the idle timeouts of common load balancers (60 s). */
const KEEP_ALIVE_MS = 72_000;
/** Headers are small: they must arrive within 30 s (or the request timeout, when shorter). */
const HEADERS_MAX_MS = 30_000;

/**
 * The HTTP server's bounds on slow, stalled or lying clients, set in one place (app.ts passes them to Fastify):
 * - the whole request, headers and body, must arrive within REQUEST_TIMEOUT_SECONDS (default 120 s: a 2 MB
 *   upload at 150 kbit/s), else 408 REQUEST_TIMEOUT and the connection is closed; a Content-Length larger than
 *   the body sent is such a request;
 * - its headers within 30 s (or the request timeout, when shorter);
 * - a connection on which nothing moves (no byte either way) for IDLE_TIMEOUT_SECONDS (default 120 s) is
 *   closed: chat streams send a comment every 15 s, downloads keep moving;
 * - an idle keep-alive connection is closed after 72 s.
 * Node checks the request and header timeouts every `connectionsCheckingInterval`, so that is kept to a
 * quarter of the request timeout (at most 5 s): no request waits longer than the timeout and that interval.
 */
export function httpServerOptions(http: Config['http']) {
  const headersTimeout = Math.min(HEADERS_MAX_MS, http.requestTimeoutMs);
  return {
    requestTimeout: http.requestTimeoutMs,
    connectionTimeout: http.idleTimeoutMs,
    keepAliveTimeout: Math.min(KEEP_ALIVE_MS, http.idleTimeoutMs),
    http: {
      headersTimeout,
      connectionsCheckingInterval: Math.max(250, Math.min(5_000, Math.round(http.requestTimeoutMs / 4))),
    },
  };
}
