import { schema, type Db } from '@greenhouse/db';
import { eq } from 'drizzle-orm';
import { randomToken } from './crypto.js';

/**
 * A secret generated once per installation and kept in the database, so every process of the
 * installation (server and workers, on any machine) signs and checks with the same key.
 */
export async function instanceSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(schema.instanceSecrets)
    .values({ name, value: randomToken(32) })
    .onConflictDoNothing();
  const [row] = await db.select().from(schema.instanceSecrets).where(eq(schema.instanceSecrets.name, name));
  return row!.value;
}
