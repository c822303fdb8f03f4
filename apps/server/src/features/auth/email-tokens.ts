import { schema, type Db } from '@greenhouse/db';
import { and, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { randomToken, sha256 } from '../../lib/crypto.js';

export type EmailTokenPurpose = (typeof schema.emailTokenPurpose.enumValues)[number];

const lifetimeMs: Record<EmailTokenPurpose, number> = {
  email_confirmation: 24 * 3_600_000,
  password_reset: 3_600_000,
};

/** A new single-use token for `purpose`; earlier unused ones of the same purpose stop working. */
export async function issueEmailToken(db: Db, userId: string, purpose: EmailTokenPurpose): Promise<string> {
  const token = randomToken(32);
  await db.transaction(async (tx) => {
    await tx
      .delete(schema.emailTokens)
      .where(and(eq(schema.emailTokens.userId, userId), eq(schema.emailTokens.purpose, purpose)));
    await tx.insert(schema.emailTokens).values({
      tokenHash: sha256(token),
      userId,
      purpose,
      expiresAt: new Date(Date.now() + lifetimeMs[purpose]),
    });
  });
  return token;
}

/**
 * Uses a token up: one atomic update that succeeds once, only for its purpose and before it
 * expires. Answers the token's user, or null.
 */
export async function consumeEmailToken(
  db: Db,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<string | null> {
  const [row] = await db
    .update(schema.emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(schema.emailTokens.tokenHash, sha256(token)),
        eq(schema.emailTokens.purpose, purpose),
        isNull(schema.emailTokens.usedAt),
        gt(schema.emailTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: schema.emailTokens.userId });
  return row?.userId ?? null;
}

/**
 * Whether `token` is one of `purpose` that was used already (it never works twice): the user it was
 * issued to, or null for a token that is unknown, of another purpose, or still unused.
 */
export async function usedEmailTokenOwner(
  db: Db,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<string | null> {
  const [row] = await db
    .select({ userId: schema.emailTokens.userId })
    .from(schema.emailTokens)
    .where(
      and(
        eq(schema.emailTokens.tokenHash, sha256(token)),
        eq(schema.emailTokens.purpose, purpose),
        isNotNull(schema.emailTokens.usedAt),
      ),
    );
  return row?.userId ?? null;
}

// One e-mail of a kind per address per minute, whether or not the address has an account.
export const EMAIL_INTERVAL_SECONDS = 60;

/**
 * Claims the right to send an e-mail of `purpose` to `address` now. False when one was sent
 * less than EMAIL_INTERVAL_SECONDS ago. One statement, so concurrent requests cannot both win.
 */
export type ThrottledEmailKind = (typeof schema.throttledEmailKind.enumValues)[number];

export async function claimEmailSlot(db: Db, purpose: ThrottledEmailKind, address: string): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .insert(schema.emailThrottle)
    .values({ purpose, address: address.toLowerCase(), lastSentAt: now })
    .onConflictDoUpdate({
      target: [schema.emailThrottle.purpose, schema.emailThrottle.address],
      set: { lastSentAt: now },
      setWhere: lt(
        schema.emailThrottle.lastSentAt,
        sql`${now.toISOString()}::timestamptz - make_interval(secs => ${EMAIL_INTERVAL_SECONDS})`,
      ),
    })
    .returning({ address: schema.emailThrottle.address });
  return rows.length > 0;
}
