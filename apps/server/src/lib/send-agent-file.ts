import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { RouteDocs } from './route-docs.js';
import { withoutControlCharacters } from './text.js';

/**
 * An agent file's Content-Disposition, named after its agent: ASCII fallback plus the RFC 5987 UTF-8 form. Also what
 * a presigned download of an S3 store answers with (issue 35).
 */
export function agentFileDisposition(name: string): string {
  const base =
    withoutControlCharacters(name)
      .replace(/["\\/]/g, '')
      .trim() || 'agent';
  const ascii = base.replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}.json"; filename*=UTF-8''${encodeURIComponent(`${base}.json`)}`;
}

/** An agent file: its bytes, or (an S3 store, issue 35) a short-lived address the client fetches them from. */
export type AgentFile = { name: string; content: Buffer } | { name: string; url: string };

/**
 * An agent file as a download named after its agent (the owner's download and a share link's alike), or a redirect
 * to the store's presigned address of it, so the file never passes through the API.
 */
export function sendAgentFile(reply: FastifyReply, file: AgentFile) {
  if ('url' in file) return reply.header('Cache-Control', 'no-store').redirect(file.url, 302);
  const { name, content } = file;
  return reply
    .header('Content-Disposition', agentFileDisposition(name))
    .header('X-Content-Type-Options', 'nosniff')
    .type('application/json; charset=utf-8')
    .send(content);
}

/**
 * How a route that answers with sendAgentFile is described (plugins/openapi.ts); `redirects` when it answers with
 * the store's address where the store gives one.
 */
export function agentFileDocs(summary: string, description: string, redirects = false): RouteDocs {
  const response: NonNullable<RouteDocs['response']> = {
    200: { description, content: { 'application/json': z.record(z.string(), z.unknown()) } },
  };
  if (redirects)
    response[302] = {
      description:
        'With an S3 artifact store (ARTIFACTS_URL): the file is at the address in Location, presigned for a few minutes',
    };
  return { summary, response };
}
