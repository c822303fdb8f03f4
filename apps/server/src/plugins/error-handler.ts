import { isErrorCode, statusOf, type ApiError, type ErrorCode } from '@greenhouse/contracts';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.js';
import { sendError } from './error-page.js';
import { logRequestLine } from './request-log.js';

// Fastify's own client errors, by HTTP status, when nothing more specific applies.
const codeByStatus: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

function errorOf(code: ErrorCode, params: Record<string, unknown> = {}, message?: string): ApiError {
  return new AppError(code, params, message).toResponse();
}

/**
 * A schema check that failed. Our request schemas carry the spec's error code as the issue's
 * message (e.g. `authorization.password_too_short`); other checks get the spec's default
 * validation key for their kind. The first problem is the answer; `params.field` names its field.
 */
function validationError(issues: ZodFastifySchemaValidationError[], context: string | undefined): ApiError {
  const describe = (issue: ZodFastifySchemaValidationError) => {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || context || 'body';
    const p = issue.params as {
      minimum?: number | bigint;
      maximum?: number | bigint;
      origin?: string;
      // A custom check's own bounds (e.g. the password rule's).
      params?: { min?: number; max?: number };
    };
    const bounds: { min?: number; max?: number } = {};
    const min = p.minimum ?? p.params?.min;
    const max = p.maximum ?? p.params?.max;
    if (min !== undefined) bounds.min = Number(min);
    if (max !== undefined) bounds.max = Number(max);
    let code: ErrorCode;
    if (isErrorCode(issue.message)) code = issue.message;
    else if (issue.keyword === 'too_small')
      code =
        p.origin === 'array'
          ? 'validation.arrayMin'
          : p.origin === 'string'
            ? 'validation.stringMin'
            : 'validation.numberMin';
    else if (issue.keyword === 'too_big')
      code = p.origin === 'string' ? 'validation.stringMax' : 'validation.numberMax';
    else if (issue.keyword === 'invalid_format' && (issue.params as { format?: string }).format === 'email')
      code = 'validation.email';
    // Missing values and wrong types both read as "required" (docs/product-rules.md §5).
    else code = 'validation.required';
    return { field, code, ...bounds };
  };
  const problems = issues.map(describe);
  const first = problems[0]!;
  const { code, ...params } = first;
  return errorOf(code, problems.length > 1 ? { ...params, problems } : params);
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof AppError) return error.toResponse();
  if (hasZodFastifySchemaValidationErrors(error))
    return validationError(error.validation, error.validationContext);
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    const code = codeByStatus[status];
    return code
      ? errorOf(code)
      : {
          code: 'http_error',
          status,
          message: 'The request could not be handled.',
          type: 'error',
          params: {},
        };
  }
  if (status === 503) return errorOf('SERVICE_UNAVAILABLE');
  return errorOf('INTERNAL');
}

/** One error handler for the whole app: every failure answers in the API's error shape. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error, request, reply) => {
    const body = toApiError(error);
    if (body.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.debug({ code: body.code }, 'request refused');
    // A JSON error body without `undefined` members, never a stack trace.
    void reply.status(body.status).type('application/json; charset=utf-8').send(JSON.stringify(body));
  });
});

/**
 * Errors Fastify raises before any route or hook runs, so the error handler above never sees them: an address
 * that is not valid percent-encoding (`/%E0%A4%A`) and the like. A browser loading a page gets an HTML page;
 * everyone else (and all of /api) the API's error shape, with BAD_REQUEST for a malformed address.
 * Passed to Fastify as its `frameworkErrors` option (app.ts).
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const malformed = error.code === 'FST_ERR_BAD_URL';
  const body = malformed
    ? new AppError('BAD_REQUEST', {}, 'The address is malformed (a broken %-encoding).').toResponse()
    : toApiError(error);
  if (body.status >= 500) request.log.error({ err: error }, 'request failed');
  void sendError(request, reply, body, malformed ? 'malformed' : 'other');
  // Fastify runs no hooks for these requests, so its per-request line is ours to write.
  logRequestLine(request, body.status, reply.elapsedTime);
}

/**
 * Errors Node's HTTP parser raises on a connection before there is a request to answer (Fastify's
 * `clientErrorHandler` option, app.ts): a request that did not arrive within the request timeout (408
 * REQUEST_TIMEOUT), headers too large (header.invalid), malformed HTTP (BAD_REQUEST). Answered in the API's
 * error shape, then the connection is closed. Not logged above debug: they are the client's, not ours.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code: ErrorCode =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? 'REQUEST_TIMEOUT'
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? 'header.invalid'
        : 'BAD_REQUEST';
  const body = JSON.stringify(errorOf(code));
  this.log.debug({ code: error.code }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${statusOf(code)} ${code === 'REQUEST_TIMEOUT' ? 'Request Timeout' : 'Bad Request'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
