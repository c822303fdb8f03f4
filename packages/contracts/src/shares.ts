// zod/mini: the public share page reads its answer through these schemas, and it must stay light (issue 34).
import * as z from 'zod/mini';

// Share links (issue 34): an agent's owner makes a revocable link `/try/{token}`; anyone with it runs the agent's
// current version in the playground, in their own browser.

/** Where the web app shows a shared agent: `/try/` and the link's token. */
export const SHARE_PATH_PREFIX = '/try/';

/** One of an agent's links as its owner sees it: never the token (only its hash is stored) nor the address. */
export const shareSchema = z.object({
  id: z.string(),
  /** ISO date-time. */
  createdAt: z.string(),
  /** How many times the link's page was opened (GET /shared/{token}). */
  opens: z.int(),
  /** ISO date-time of the latest open, null if never opened. */
  lastOpenedAt: z.nullable(z.string()),
});
export type Share = z.infer<typeof shareSchema>;

/** The answer to POST /blooms/{id}/shares: the only time the link (its token) is shown. */
export const createdShareSchema = z.object({
  id: z.string(),
  /** The link to hand out: the app's address, `/try/` and the token. */
  url: z.string(),
});
export type CreatedShare = z.infer<typeof createdShareSchema>;

/** GET /blooms/{id}/shares: the agent's links, newest first. */
export const shareListResponseSchema = z.object({ shares: z.array(shareSchema) });
export type ShareListResponse = z.infer<typeof shareListResponseSchema>;

/**
 * GET /shared/{token}: what the public page shows of the agent — its name and the names of its current version's
 * reactions (the protocol's final tokens), nothing else of it or of its owner.
 */
export const sharedBloomSchema = z.object({
  name: z.string(),
  reactions: z.array(z.string()),
});
export type SharedBloom = z.infer<typeof sharedBloomSchema>;
