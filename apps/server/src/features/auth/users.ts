import { schema, type Db } from '@greenhouse/db';
import { sql } from 'drizzle-orm';
import type { UserRow } from '../../lib/auth-context.js';

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(schema.users)
    .where(sql`lower(${schema.users.email}) = ${email.toLowerCase()}`);
  return user;
}

/** True for a PostgreSQL unique violation (Drizzle wraps driver errors: the code is on `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}
