import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_NAME } from '../src/app.js';
import { SessionClient } from './support/session-client.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { signedInClient } from './support/users.js';

// The session lookups of requests that arrive together go to the database as one query
// (features/auth/sessions.ts): each request must still get its own user, or none.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ workers: false });
});
afterAll(async () => {
  await t?.close();
});

/**
 * Counts the session lookups the database driver is asked to run (node-postgres' pool or PGlite: both take
 * `query`, the text first or in a config object). A spy that calls through: the driver still runs each one.
 */
function countSessionLookups() {
  const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
    .$client;
  const spy = vi.spyOn(client, 'query');
  const isLookup = (args: unknown[]) => {
    const first = args[0];
    const text = typeof first === 'string' ? first : (first as { text?: string }).text;
    return /"sessions"\."token_hash" = any/.test(text ?? '');
  };
  return {
    count: () => spy.mock.calls.filter(isLookup).length,
    restore: () => spy.mockRestore(),
  };
}

describe('session lookups of concurrent requests', () => {
  it('answer each request as its own user, an ended or unknown session as none, in fewer queries than requests', async () => {
    const users = await Promise.all([signedInClient(t), signedInClient(t), signedInClient(t)]);
    // A session that has ended, its cookie still sent (as by a second tab that missed the sign-out).
    const { client: signingOut } = await signedInClient(t);
    const signedOut = new SessionClient(t.app);
    for (const [name, value] of signingOut.cookies) signedOut.cookies.set(name, value);
    expect((await signingOut.delete('/api/auth/signout')).status).toBe(204);
    const stranger = new SessionClient(t.app);
    stranger.cookies.set(AUTH_TOKEN_NAME, 'x'.repeat(43));

    const askers = Array.from({ length: 60 }, (_, i) =>
      i % 5 < 3
        ? { client: users[i % 5]!.client, email: users[i % 5]!.email }
        : { client: i % 5 === 3 ? signedOut : stranger, email: null },
    );
    const lookups = countSessionLookups();
    try {
      const answers = await Promise.all(askers.map(({ client }) => client.get('/api/account/data')));
      answers.forEach((res, i) => {
        const { email } = askers[i]!;
        if (email) {
          expect(res.status, res.text).toBe(200);
          expect(res.body.email).toBe(email);
        } else {
          expect(res.status, res.text).toBe(401);
        }
      });
      const queries = lookups.count();
      expect(queries).toBeGreaterThan(0);
      expect(queries).toBeLessThan(askers.length / 4);
    } finally {
      lookups.restore();
    }
  });

  it('sees a sign-out at once: the next request of that session is refused', async () => {
    const { client } = await signedInClient(t);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    expect((await client.delete('/api/auth/signout')).status).toBe(204);
    const again = await t.app.inject({ method: 'GET', url: '/api/account/data', headers: { cookie } });
    expect(again.statusCode).toBe(401);
  });
});
