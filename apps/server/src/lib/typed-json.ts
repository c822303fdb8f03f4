import type { FastifyReply, FastifySerializerCompiler } from 'fastify';

/**
 * The serializer of the hot read routes (the lists, an agent, a chat, the account): plain JSON.stringify
 * instead of the zod serializer app.ts sets, which first re-checks the answer against its response schema —
 * a walk and a copy of the whole answer, about a fifth of a list request's time. Those answers are already
 * checked where they are made: the schema types the handler (fastify-type-provider-zod), and a presenter
 * builds each one field by field with the schema's output type, so tsc finds what the run-time check would.
 * Use it only for such routes; anything else keeps the run-time check.
 */
const typeCheckedSerializer: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

/** Route options of a read whose answer comes from typed presenters (see above). */
export const typeCheckedAnswer = { serializerCompiler: typeCheckedSerializer } as const;

/**
 * Sends an answer already written as JSON text (a kept one: lib/versioned-cache.ts), as it is: a string
 * with a JSON content type passes no serializer. Its route's response schema still documents it.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
