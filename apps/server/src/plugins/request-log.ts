import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per answered request — `GET /api/health 200 3 ms` — with the same facts as fields for JSON
 * readers (method, url, statusCode, ms), instead of Fastify's two ("incoming request", "request completed").
 * A request that never ends (a hung stream) shows at the debug level, where it starts.
 */
export function logRequestLine(
  request: FastifyRequest,
  statusCode: number,
  ms: number,
  error?: Error | null,
): void {
  const { method, url } = request;
  const fields = { method, url, statusCode, ms: Math.round(ms) };
  const line = `${method} ${url} ${statusCode} ${fields.ms} ms`;
  if (error) request.log.error({ ...fields, err: error }, `${line} (failed while answering)`);
  else request.log.info(fields, line);
}

/** Fastify's hook for its per-request log lines (the `logController` option, app.ts). */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ method: request.method, url: request.url }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    logRequestLine(request, reply.statusCode, reply.elapsedTime, error);
  }
}
