import { SHARE_PATH_PREFIX, type CreatedShare, type Share, type SharedBloom } from '@greenhouse/contracts';
import { schema, type Db } from '@greenhouse/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.js';
import type { UserRow } from '../../lib/auth-context.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { isUuid } from '../../lib/owned-list.js';
import type { BloomService } from '../blooms/bloom-service.js';

/** A link's token: 192 random bits from the CSPRNG (32 base64url characters); only its SHA-256 is stored. */
const TOKEN_BYTES = 24;

type ShareRow = typeof schema.bloomShares.$inferSelect;

/** Never the token nor its hash: the link is seen once, in the answer to its creation. */
const present = (row: ShareRow): Share => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  opens: row.opens,
  lastOpenedAt: row.lastOpenedAt?.toISOString() ?? null,
});

/**
 * Share links (issue 34): the owner makes, lists and revokes an agent's links (its own agent only, asked of the
 * agents feature); anyone with a link reads the agent's name and reactions and downloads its current version's
 * file, which runs in their browser. A revoked link's row is gone, so it answers "not found" at once; an agent's
 * deletion takes its links with it (foreign key, cascade).
 */
export class ShareService {
  constructor(
    private readonly db: Db,
    private readonly blooms: BloomService,
    /** The web app's address (APP_URL): the links point there. */
    private readonly appUrl: string,
  ) {}

  /** POST /blooms/{id}/shares: a new link to the user's own agent, once it has a version to download. */
  async create(user: UserRow, bloomId: string): Promise<CreatedShare> {
    const { downloadable } = await this.blooms.ownedForSharing(user, bloomId);
    if (!downloadable) throw new AppError('bloom.file_not_found');
    const token = randomToken(TOKEN_BYTES);
    let id: string;
    try {
      const [row] = await this.db
        .insert(schema.bloomShares)
        .values({ bloomId, tokenHash: sha256(token) })
        .returning({ id: schema.bloomShares.id });
      id = row!.id;
    } catch (error) {
      // The agent was deleted meanwhile (its row is what the link's foreign key names).
      if (isForeignKeyViolation(error)) throw new AppError('bloom.not_found');
      throw error;
    }
    return { id, url: `${this.appUrl}${SHARE_PATH_PREFIX}${token}` };
  }

  /** GET /blooms/{id}/shares: the user's own agent's links, newest first, with how often each was opened. */
  async list(user: UserRow, bloomId: string): Promise<Share[]> {
    await this.blooms.ownedForSharing(user, bloomId);
    const rows = await this.db
      .select()
      .from(schema.bloomShares)
      .where(eq(schema.bloomShares.bloomId, bloomId))
      .orderBy(desc(schema.bloomShares.createdAt), desc(schema.bloomShares.id));
    return rows.map(present);
  }

  /** DELETE /blooms/{id}/shares/{shareId}: the link stops working at once; anyone else's is "not found". */
  async revoke(user: UserRow, bloomId: string, shareId: string): Promise<void> {
    await this.blooms.ownedForSharing(user, bloomId);
    if (!isUuid(shareId)) throw new AppError('share.not_found');
    const deleted = await this.db
      .delete(schema.bloomShares)
      .where(and(eq(schema.bloomShares.id, shareId), eq(schema.bloomShares.bloomId, bloomId)))
      .returning({ id: schema.bloomShares.id });
    if (deleted.length === 0) throw new AppError('share.not_found');
  }

  /**
   * GET /shared/{token}: what the link's page shows, counted as one open of the link (one atomic update that
   * finds the link and counts it, so opens at the same moment all count).
   */
  async open(token: string): Promise<SharedBloom> {
    const [share] = await this.db
      .update(schema.bloomShares)
      .set({ opens: sql`${schema.bloomShares.opens} + 1`, lastOpenedAt: sql`now()` })
      .where(eq(schema.bloomShares.tokenHash, sha256(token)))
      .returning({ bloomId: schema.bloomShares.bloomId });
    if (!share) throw new AppError('share.not_found');
    const agent = await this.blooms.sharedView(share.bloomId);
    if (!agent) throw new AppError('bloom.file_not_found');
    return agent;
  }

  /** GET /shared/{token}/agent: the agent's current version's file (the one its owner's download serves). */
  async agentFile(token: string): Promise<{ name: string; content: Buffer }> {
    const [share] = await this.db
      .select({ bloomId: schema.bloomShares.bloomId })
      .from(schema.bloomShares)
      .where(eq(schema.bloomShares.tokenHash, sha256(token)));
    if (!share) throw new AppError('share.not_found');
    const file = await this.blooms.sharedFile(share.bloomId);
    if (!file) throw new AppError('bloom.file_not_found');
    return file;
  }
}

function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23503' || e?.cause?.code === '23503';
}
