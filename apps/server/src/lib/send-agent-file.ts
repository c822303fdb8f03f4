import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { RouteDocs } from './route-docs.js';
import { withoutControlCharacters } from './text.js';

/** A file name safe for Content-Disposition: ASCII fallback plus the RFC 5987 UTF-8 form. */
function attachment(name: string): string {
  const base =
    withoutControlCharacters(name)
      .replace(/["\\/]/g, '')
      .trim() || 'agent';
  const ascii = base.replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}.json"; filename*=UTF-8''${encodeURIComponent(`${base}.json`)}`;
}

/** An agent file as a download named after its agent (the owner's download and a share link's alike). */
export function sendAgentFile(reply: FastifyReply, { name, content }: { name: string; content: Buffer }) {
  return reply
    .header('Content-Disposition', attachment(name))
    .header('X-Content-Type-Options', 'nosniff')
    .type('application/json; charset=utf-8')
    .send(content);
}

/** How a route that answers with sendAgentFile is described (plugins/openapi.ts). */
export const agentFileDocs = (summary: string, description: string): RouteDocs => ({
  summary,
  response: {
    200: { description, content: { 'application/json': z.record(z.string(), z.unknown()) } },
  },
});
