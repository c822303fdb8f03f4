import { schema, type Db } from '@greenhouse/db';
import DataLoader from 'dataloader';
import { and, desc, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type {
  ActiveSession,
  SessionFinder,
  SessionLookup,
  SignInClient,
  SignInMethod,
  UserRow,
} from '../../lib/auth-context.js';
import { AppError } from '../../lib/app-error.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { isUuid } from '../../lib/owned-list.js';

export type SessionRow = typeof schema.sessions.$inferSelect;

interface LookupRow {
  session: SessionRow;
  user: UserRow;
}

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
  /**
   * Every API request looks its session up. The lookups that arrive within one turn of the event loop go to the
   * database as one query (DataLoader, dispatched on setImmediate: after the turn's I/O callbacks, where
   * process.nextTick would send each request's alone). Under load that is one round trip for dozens of
   * requests instead of one each — the query was most of a signed-in read's cost (issue 22's profile).
   * It reads nothing older than a lookup of its own would: the query is sent after every request in it arrived,
   * so its snapshot is taken after any write whose answer the client had before it asked. No cache (cache:
   * false): a lookup never outlives its batch.
   */
  private readonly lookups: DataLoader<string, LookupRow | undefined>;

  constructor(
    private readonly db: Db,
    private readonly timeouts: Config['session'],
  ) {
    // A prepared statement (built once, parsed once per connection); `= any($1)` keeps it one statement
    // whatever the batch's size.
    const lookup = db
      .select({ session: schema.sessions, user: schema.users })
      .from(schema.sessions)
      .innerJoin(schema.users, eq(schema.sessions.userId, schema.users.id))
      .where(sql`${schema.sessions.tokenHash} = any(${sql.placeholder('tokenHashes')})`)
      .prepare('session_lookup');
    this.lookups = new DataLoader(
      async (tokenHashes) => {
        const rows = await lookup.execute({ tokenHashes: [...new Set(tokenHashes)] });
        const byHash = new Map(rows.map((row) => [row.session.tokenHash, row]));
        return tokenHashes.map((tokenHash) => byHash.get(tokenHash));
      },
      { cache: false, batchScheduleFn: (dispatch) => setImmediate(dispatch), maxBatchSize: 500 },
    );
  }

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
    const row = await this.lookups.load(tokenHash);
    // A deactivated account's sessions end with the deactivation; this also closes the moment between
    // that commit and their deletion (features/admin/update-account.ts).
    if (!row || !row.user.active) return null;
    const now = Date.now();
    const idleSince = row.session.lastSeenAt.getTime();
    if (row.session.expiresAt.getTime() <= now || idleSince + this.timeouts.idleMinutes * 60_000 <= now) {
      await this.revoke(tokenHash);
      return { expired: true };
    }
    if (now - idleSince > TOUCH_INTERVAL_MS) await this.touch(tokenHash, new Date(now));
    return {
      session: {
        tokenHash,
        user: row.user,
        createdAt: row.session.createdAt,
        signedInWith: row.session.signedInWith as SignInMethod,
      },
    };
  }

  /**
   * Records that the session (and its user) was seen now, unless that was done within the last interval. One
   * conditional statement, no transaction: the many requests of a busy client that all find the session stale
   * at the same moment write it once — the others wait for that row, find it fresh and change nothing.
   */
  private async touch(tokenHash: string, seen: Date): Promise<void> {
    const staleBefore = new Date(seen.getTime() - TOUCH_INTERVAL_MS);
    await this.db.execute(sql`with touched as (
        update ${schema.sessions} set last_seen_at = ${seen}
        where token_hash = ${tokenHash} and last_seen_at < ${staleBefore}
        returning user_id)
      update ${schema.users} u set last_seen_at = ${seen} from touched where u.id = touched.user_id`);
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
