import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';
import { hmac, randomToken, safeEqual } from '../lib/crypto.js';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Signed double-submit CSRF tokens. The token is `nonce.signature`, the signature an HMAC of the
 * nonce and the session it belongs to ("anonymous" before sign-in), so a token planted by another
 * site or taken from another session does not verify. Every unsafe request that carries a session
 * cookie, or none at all (sign-in and sign-up: login CSRF), must echo the cookie in X-XSRF-TOKEN;
 * requests authenticated only by a bearer token cannot be forged by a browser and need none.
 * Any response to a request without a valid token sets a fresh one.
 *
 * Checked in `onRequest`, as soon as the headers are in and the auth context (registered before this
 * plugin, see the end) has resolved the session: a forged request is refused with 403 before its
 * body is read, parsed or validated, whatever that body is (too large, malformed, multipart, a content
 * type the API does not take), so it costs no parsing and learns nothing from a validation answer.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance, options: { secret: string; secureCookies: boolean }) => {
    const binding = (request: FastifyRequest) => request.auth?.session?.tokenHash ?? 'anonymous';
    const sign = (nonce: string, bound: string) => hmac(options.secret, `${bound}.${nonce}`);
    const isValid = (token: string | undefined, bound: string) => {
      const [nonce, signature] = token?.split('.') ?? [];
      return !!nonce && !!signature && safeEqual(signature, sign(nonce, bound));
    };

    app.addHook('onRequest', async (request, reply) => {
      if (!UNSAFE.has(request.method) || request.auth?.via === 'bearer') return;
      const cookie = request.cookies[CSRF_COOKIE];
      const header = request.headers[CSRF_HEADER];
      if (
        typeof header !== 'string' ||
        !cookie ||
        !safeEqual(header, cookie) ||
        !isValid(cookie, binding(request))
      ) {
        // The body is never read. Node discards what still comes of it after the answer (within the
        // request timeout) to keep the connection; one that may be larger than the route takes (or of
        // unknown length) is not worth that: the connection closes, as Fastify's own 413 does.
        if (mayExceedLimit(request)) void reply.header('connection', 'close');
        throw new AppError('CSRF_INVALID');
      }
    });

    // After the handler, which updates request.auth at sign-in and sign-out: the new session
    // (a new binding) gets its new token.
    app.addHook('onSend', async (request, reply) => {
      if (request.auth?.via === 'bearer') return;
      const bound = binding(request);
      if (isValid(request.cookies[CSRF_COOKIE], bound)) return;
      const nonce = randomToken(18);
      void reply.setCookie(CSRF_COOKIE, `${nonce}.${sign(nonce, bound)}`, {
        path: '/',
        httpOnly: false, // the client reads it to echo it in the header: that is the point
        sameSite: 'lax',
        secure: options.secureCookies,
      });
    });
  },
  // Its onRequest hook reads request.cookies and request.auth, filled by the onRequest hooks of the plugins
  // that add them (@fastify/cookie, plugins/request-auth.ts): those must be registered first, since hooks of
  // one phase run in the order they were added. Fastify refuses to start if these decorators are missing.
  { name: 'csrf', decorators: { request: ['cookies', 'auth'] } },
);

/** Whether a request's body may be larger than its route takes: announced so, or of unknown length. */
function mayExceedLimit(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length === undefined) return request.headers['transfer-encoding'] !== undefined;
  return Number(length) > request.routeOptions.bodyLimit;
}
