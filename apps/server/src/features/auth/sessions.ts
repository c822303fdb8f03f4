import { schema, type Db } from '@greenhouse/db';
import { and, desc, eq, gt, lt, ne, or } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type {
  ActiveSession,
  SessionFinder,
  SessionLookup,
  SignInClient,
  SignInMethod,
} from '../../lib/auth-context.js';
import { AppError } from '../../lib/app-error.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { isUuid } from '../../lib/owned-list.js';

export type SessionRow = typeof schema.sessions.$inferSelect;

export interface SessionOpening extends SignInClient {
  signedInWith: SignInMethod;
}

/** A new session: its token (for the cookie, never stored) and what the request's auth context keeps. */
export interface OpenedSession extends Omit<ActiveSession, 'user'> {
  token: string;
}

// A session's last-seen time is written at most this often: reads should not all become writes.
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Server-side sessions: a 256-bit random token in the cookie (or bearer header), its SHA-256 in
 * the database. A session ends at sign-out, after SESSION_IDLE_MINUTES without a request, or
 * SESSION_MAX_HOURS after sign-in, whichever comes first.
 */
export class SessionStore implements SessionFinder {
  constructor(
    private readonly db: Db,
    private readonly timeouts: Config['session'],
  ) {}

  async create(userId: string, opening: SessionOpening): Promise<OpenedSession> {
    const token = randomToken();
    const tokenHash = sha256(token);
    const expiresAt = new Date(Date.now() + this.timeouts.maxHours * 3_600_000);
    await this.db.transaction(async (tx) => {
      await tx.insert(schema.sessions).values({
        tokenHash,
        userId,
        expiresAt,
        userAgent: opening.userAgent?.slice(0, 512) ?? null,
        address: opening.address?.slice(0, 64) ?? null,
        signedInWith: opening.signedInWith,
      });
      await tx.update(schema.users).set({ lastSeenAt: new Date() }).where(eq(schema.users.id, userId));
    });
    return { token, tokenHash, createdAt: new Date(), signedInWith: opening.signedInWith };
  }

  async find(token: string): Promise<SessionLookup> {
    const tokenHash = sha256(token);
    const [row] = await this.db
      .select({ session: schema.sessions, user: schema.users })
      .from(schema.sessions)
      .innerJoin(schema.users, eq(schema.sessions.userId, schema.users.id))
      .where(eq(schema.sessions.tokenHash, tokenHash));
    if (!row) return null;
    const now = Date.now();
    const idleSince = row.session.lastSeenAt.getTime();
    if (row.session.expiresAt.getTime() <= now || idleSince + this.timeouts.idleMinutes * 60_000 <= now) {
      await this.revoke(tokenHash);
      return { expired: true };
    }
    if (now - idleSince > TOUCH_INTERVAL_MS) {
      const seen = new Date(now);
      await this.db.transaction(async (tx) => {
        await tx
          .update(schema.sessions)
          .set({ lastSeenAt: seen })
          .where(eq(schema.sessions.tokenHash, tokenHash));
        await tx.update(schema.users).set({ lastSeenAt: seen }).where(eq(schema.users.id, row.user.id));
      });
    }
    return {
      session: {
        tokenHash,
        user: row.user,
        createdAt: row.session.createdAt,
        signedInWith: row.session.signedInWith as SignInMethod,
      },
    };
  }

  /** The user's sessions that can still be used, the most recently active first. */
  async listLive(userId: string): Promise<SessionRow[]> {
    const now = Date.now();
    return this.db
      .select()
      .from(schema.sessions)
      .where(
        and(
          eq(schema.sessions.userId, userId),
          gt(schema.sessions.expiresAt, new Date(now)),
          gt(schema.sessions.lastSeenAt, new Date(now - this.timeouts.idleMinutes * 60_000)),
        ),
      )
      .orderBy(desc(schema.sessions.lastSeenAt), desc(schema.sessions.createdAt));
  }

  /**
   * Ends one of the user's sessions by its public id; anyone else's is "not found". Answers its token
   * hash, so the caller can tell whether it ended its own.
   */
  async revokeById(userId: string, id: string): Promise<string> {
    if (!isUuid(id)) throw new AppError('session.not_found');
    const [deleted] = await this.db
      .delete(schema.sessions)
      .where(and(eq(schema.sessions.id, id), eq(schema.sessions.userId, userId)))
      .returning({ tokenHash: schema.sessions.tokenHash });
    if (!deleted) throw new AppError('session.not_found');
    return deleted.tokenHash;
  }

  async revoke(tokenHash: string): Promise<void> {
    await this.db.delete(schema.sessions).where(eq(schema.sessions.tokenHash, tokenHash));
  }

  /** Ends every session of a user, or every other one when `keepTokenHash` is given. */
  async revokeAll(userId: string, keepTokenHash?: string): Promise<void> {
    await this.db
      .delete(schema.sessions)
      .where(
        keepTokenHash
          ? and(eq(schema.sessions.userId, userId), ne(schema.sessions.tokenHash, keepTokenHash))
          : eq(schema.sessions.userId, userId),
      );
  }

  /** Deletes sessions that can no longer be used. */
  async prune(): Promise<void> {
    const idleLimit = new Date(Date.now() - this.timeouts.idleMinutes * 60_000);
    await this.db
      .delete(schema.sessions)
      .where(or(lt(schema.sessions.expiresAt, new Date()), lt(schema.sessions.lastSeenAt, idleLimit)));
  }
}
