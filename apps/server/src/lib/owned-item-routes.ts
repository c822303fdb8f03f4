import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import type { UserRow } from './auth-context.js';
import { typeCheckedAnswer } from './typed-json.js';
import { noContent } from './route-docs.js';

/** A path's `:id`, any text up to 100 characters (a service answers "not found" for one it cannot own). */
export const idParams = z.object({ id: z.string().max(100) });

// Item and Rename are any zod schemas, classic or zod/mini (the schemas of @greenhouse/contracts are zod/mini).
export interface OwnedItemSpec<Item extends z.core.$ZodType, Rename extends z.core.$ZodType> {
  /** The item's path with its `:id`, e.g. `/blooms/:id`. */
  path: string;
  item: Item;
  renameBody: Rename;
  get(user: UserRow, id: string): Promise<z.input<Item>>;
  rename(user: UserRow, id: string, body: z.output<Rename>): Promise<z.input<Item>>;
  delete(user: UserRow, id: string): Promise<void>;
}

/**
 * GET, PUT (rename) and DELETE of one of the signed-in user's rows (agents and chats alike). The schemas
 * are handed to Fastify untyped (FastifySchema): they still validate and serialize at run time through the
 * zod compilers app.ts sets, while the spec's functions carry the types.
 */
export function ownedItemRoutes<Item extends z.core.$ZodType, Rename extends z.core.$ZodType>(
  app: FastifyInstance,
  spec: OwnedItemSpec<Item, Rename>,
): void {
  const id = (request: FastifyRequest) => (request.params as z.infer<typeof idParams>).id;
  const itemSchema: FastifySchema = { params: idParams, response: { 200: spec.item } };
  const renameSchema: FastifySchema = {
    params: idParams,
    body: spec.renameBody,
    response: { 200: spec.item },
  };
  // The item comes from the feature's presenter, typed by the schema: no run-time re-check (lib/typed-json.ts).
  app.get(spec.path, { schema: itemSchema, ...typeCheckedAnswer }, async (request) =>
    spec.get(request.user, id(request)),
  );
  app.put(spec.path, { schema: renameSchema }, async (request) =>
    spec.rename(request.user, id(request), request.body as z.output<Rename>),
  );
  app.delete(
    spec.path,
    { schema: { params: idParams }, config: { openapi: noContent('Deleted, with everything it owns') } },
    async (request, reply) => {
      await spec.delete(request.user, id(request));
      return reply.status(204).send();
    },
  );
}
