import type { z } from 'zod';

/**
 * What a route documents in the OpenAPI description (plugins/openapi.ts) beside its run-time schema: the
 * schema is what Fastify checks and serializes; these are the bodies and answers the handler reads or writes
 * itself (multipart uploads, files, streams, empty answers), which no run-time schema can say.
 */
export interface RouteDocs {
  /** A body the handler parses itself, by content type: described, never validated by Fastify. */
  body?: Record<string, z.core.$ZodType>;
  /** Answers the serializer does not write (a file, a stream, an empty 204), by status. */
  response?: Record<number, { description: string; content?: Record<string, z.core.$ZodType> }>;
  summary?: string;
  /** Only with the session cookie (managing credentials): not with a personal API token. */
  sessionOnly?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    openapi?: RouteDocs;
  }
}

/** An answer without a body. */
export const noContent = (description: string): RouteDocs => ({ response: { 204: { description } } });
