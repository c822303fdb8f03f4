import { schema } from '@greenhouse/db';
import { hashPassword } from '../../src/features/auth/passwords.js';
import { SessionClient } from './session-client.js';
import type { TestApp } from './test-app.js';

export const TEST_PASSWORD = 'Garden#2026';
let counter = 0;

/**
 * A confirmed account made directly in the database (the sign-up journey has its own tests),
 * signed in through the real API. Answers the signed-in client and the user's id.
 */
export async function signedInClient(
  t: TestApp,
  values: Partial<typeof schema.users.$inferInsert> = {},
): Promise<{ client: SessionClient; userId: string; email: string }> {
  counter += 1;
  const email = values.email ?? `member${counter}.${Date.now()}@example.com`;
  const [user] = await t.database.db
    .insert(schema.users)
    .values({
      email,
      firstName: 'Test',
      lastName: 'User',
      passwordHash: await hashPassword(TEST_PASSWORD),
      emailConfirmedAt: new Date(),
      ...values,
    })
    .returning();
  const client = await new SessionClient(t.app).prime();
  const res = await client.post('/api/auth/signin', { email, password: TEST_PASSWORD });
  if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
  return { client, userId: user!.id, email };
}
