import { API_TOKEN_LIMIT, API_TOKEN_PREFIX, type CreateApiTokenRequest } from '@greenhouse/contracts';
import { schema, type Db } from '@greenhouse/db';
import { and, count, desc, eq, gt, lte } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.js';
import type { ApiTokenFinder, ApiTokenLookup } from '../../lib/auth-context.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { isUuid } from '../../lib/owned-list.js';

export type ApiTokenRow = typeof schema.apiTokens.$inferSelect;

// Last use (and the owner's last-seen time) is written at most this often: reads should not all become writes.
const TOUCH_INTERVAL_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * Personal API tokens: `gh_` + 256 random bits (base64url), shown once; only the SHA-256 is stored.
 * A token acts with its owner's current rights (role and activity are read at every request).
 */
export class ApiTokenStore implements ApiTokenFinder {
  constructor(private readonly db: Db) {}

  async create(userId: string, request: CreateApiTokenRequest): Promise<{ row: ApiTokenRow; token: string }> {
    const token = API_TOKEN_PREFIX + randomToken(32);
    const now = new Date();
    const row = await this.db.transaction(async (tx) => {
      // The user's row locked: two creations at once cannot both pass the limit.
      await tx
        .select({ id: schema.users.id })
        .from(schema.users)
        .where(eq(schema.users.id, userId))
        .for('update');
      // Expired tokens are of no use to anyone: dropped here, so the table needs no sweep of its own.
      await tx
        .delete(schema.apiTokens)
        .where(and(eq(schema.apiTokens.userId, userId), lte(schema.apiTokens.expiresAt, now)));
      const [held] = await tx
        .select({ n: count() })
        .from(schema.apiTokens)
        .where(eq(schema.apiTokens.userId, userId));
      if ((held?.n ?? 0) >= API_TOKEN_LIMIT)
        throw new AppError('token.limit_reached', { max: API_TOKEN_LIMIT });
      const [inserted] = await tx
        .insert(schema.apiTokens)
        .values({
          userId,
          name: request.name,
          tokenHash: sha256(token),
          createdAt: now,
          expiresAt: new Date(now.getTime() + request.expiresInDays * DAY_MS),
        })
        .returning();
      return inserted!;
    });
    return { row, token };
  }

  /** The user's unexpired tokens, newest first. */
  async list(userId: string): Promise<ApiTokenRow[]> {
    return this.db
      .select()
      .from(schema.apiTokens)
      .where(and(eq(schema.apiTokens.userId, userId), gt(schema.apiTokens.expiresAt, new Date())))
      .orderBy(desc(schema.apiTokens.createdAt), desc(schema.apiTokens.id));
  }

  /** Revokes one of the user's tokens; anyone else's is "not found", never "forbidden". */
  async revoke(userId: string, id: string): Promise<void> {
    if (!isUuid(id)) throw new AppError('token.not_found');
    const deleted = await this.db
      .delete(schema.apiTokens)
      .where(and(eq(schema.apiTokens.id, id), eq(schema.apiTokens.userId, userId)))
      .returning({ id: schema.apiTokens.id });
    if (deleted.length === 0) throw new AppError('token.not_found');
  }

  async find(token: string): Promise<ApiTokenLookup> {
    const tokenHash = sha256(token);
    const [row] = await this.db
      .select({ token: schema.apiTokens, user: schema.users })
      .from(schema.apiTokens)
      .innerJoin(schema.users, eq(schema.apiTokens.userId, schema.users.id))
      .where(eq(schema.apiTokens.tokenHash, tokenHash));
    // A deactivated owner's token is refused like an unknown one, and works again if they are reactivated.
    if (!row || !row.user.active) return null;
    const now = Date.now();
    if (row.token.expiresAt.getTime() <= now) return { expired: true };
    if (now - (row.token.lastUsedAt?.getTime() ?? 0) > TOUCH_INTERVAL_MS) {
      const seen = new Date(now);
      await this.db.transaction(async (tx) => {
        await tx
          .update(schema.apiTokens)
          .set({ lastUsedAt: seen })
          .where(eq(schema.apiTokens.id, row.token.id));
        await tx.update(schema.users).set({ lastSeenAt: seen }).where(eq(schema.users.id, row.user.id));
      });
    }
    return { apiToken: { id: row.token.id, user: row.user } };
  }
}
