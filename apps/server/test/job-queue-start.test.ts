import { openDatabase, type Database } from '@greenhouse/db';
import { createPostgresDatabase, testDatabaseDriver } from '@greenhouse/db/testing';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { JobQueue } from '../src/infra/jobs/job-queue.js';
import { pipelineJobTypes } from '../src/features/pipeline/pipeline-jobs.js';

const jobs = { leaseSeconds: 60, maintenanceSeconds: 60 };
const log = pino({ level: 'silent' });

/** Four processes' worth of start-up (main.ts, worker.ts) at once on a new database: what each one got. */
async function startTogether(): Promise<string[]> {
  const created = await createPostgresDatabase();
  const databases: Database[] = [];
  const queues: JobQueue[] = [];
  try {
    for (let i = 0; i < 4; i += 1)
      databases.push(await openDatabase({ driver: 'postgres', url: created.url, poolSize: 5 }));
    const started = await Promise.allSettled(
      databases.map(async (database) => {
        await database.migrate();
        const queue = await JobQueue.start(database, log, jobs, pipelineJobTypes);
        queues.push(queue);
        return queue;
      }),
    );
    return started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'started'));
  } finally {
    for (const queue of queues) await queue.stop();
    for (const database of databases) await database.close();
    await created.drop();
  }
}

// An API server and its workers start together on a new PostgreSQL database, and each installs the
// queue's schema if it finds none. The embedded database has one owner, so the race is PostgreSQL's only.
describe.runIf(testDatabaseDriver() === 'postgres')('job queue start (postgres)', () => {
  it('starts in several processes at once on a new database', async () => {
    // Without the start-up lock, 2 of 4 failed in the first of these rounds on this machine.
    for (let round = 0; round < 6; round += 1)
      expect(await startTogether()).toEqual(Array(4).fill('started'));
  }, 120_000);
});
