// Deleting an account while a stage of one of its agents commits: the stage's transaction locks the owner's row
// last (the data version's deferred trigger, migration 0006), so the deletion must take the agents before the
// user's row (features/account/delete-account.ts) — the other order deadlocks and PostgreSQL aborts one of them.
// PostgreSQL only: the embedded database has one connection, so its transactions never overlap.
import { schema } from '@greenhouse/db';
import { testDatabaseDriver } from '@greenhouse/db/testing';
import { fixtureText } from '@greenhouse/mtp/testing';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';
import { signedInClient, TEST_PASSWORD } from './support/users.js';

let t: TestApp;

describe.runIf(testDatabaseDriver() === 'postgres')(
  'account deletion against a committing stage (postgres)',
  () => {
    beforeAll(async () => {
      // No workers: the test plays the stage's transaction itself.
      t = await createTestApp({ workers: false });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('waits for the stage, then deletes everything; both commit', async () => {
      const { client, userId } = await signedInClient(t);
      const upload = await client.upload('/api/bloom/upload', {
        file: { name: 'lighthouse_2_0_1.json', content: fixtureText('lighthouse_2_0_1.json') },
      });
      expect(upload.status, upload.text).toBe(201);
      const bloomId: string = upload.body.id;

      const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
      const stage = await pool.connect();
      try {
        // A worker's stage transaction, holding its stage's row and not yet committed.
        await stage.query('begin');
        await stage.query(
          `update bloom_stages set status = 'processing', started_at = now() where bloom_id = $1 and position = 0`,
          [bloomId],
        );
        const stagePid = Number((await stage.query('select pg_backend_pid() as pid')).rows[0].pid);

        const deletion = client.post('/api/account/delete', { password: TEST_PASSWORD });
        await untilWaitingOn(pool, stagePid);

        // The stage commits (its trigger then updates the owner's row), and the deletion goes on after it.
        await expect(stage.query('commit')).resolves.toBeDefined();
        const deleted = await deletion;
        expect(deleted.status, deleted.text).toBe(204);
      } finally {
        stage.release();
      }
      const db = t.database.db;
      expect(await db.select().from(schema.users).where(eq(schema.users.id, userId))).toEqual([]);
      expect(await db.select().from(schema.blooms).where(eq(schema.blooms.id, bloomId))).toEqual([]);
    });
  },
);

/** Resolves once another connection waits for a lock held by the backend `pid`. */
async function untilWaitingOn(pool: pg.Pool, pid: number): Promise<void> {
  for (let i = 0; i < 500; i += 1) {
    const { rows } = await pool.query(
      `select 1 from pg_stat_activity where $1 = any(pg_blocking_pids(pid))`,
      [pid],
    );
    if (rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the deletion never waited for the stage');
}
