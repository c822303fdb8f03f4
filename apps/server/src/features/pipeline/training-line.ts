// Where an agent waiting for its next training slice stands, for the agent page: the order is the
// queue's own (pg-boss priority, then age; see `fairBy`), read from the database, so it is the same
// whichever process answers.
import type { TrainingLine } from '@greenhouse/contracts';
import type { JobQueue } from '../jobs/job-queue.js';
import { trainingJobs } from './pipeline-jobs.js';

/** The agent's place in the training line, or null when it is not waiting for a slice. */
export async function trainingLine(queue: JobQueue, bloomId: string): Promise<TrainingLine | null> {
  const line = await queue.line(trainingJobs, 'bloomId', bloomId);
  if (!line) return null;
  // While anyone waits, every training slot is busy: the line moves by `working` jobs per measured job
  // length. Nothing measured, or nobody training (no worker up), gives no estimate rather than a guess.
  const etaSeconds =
    line.meanSeconds === null || line.working === 0
      ? null
      : Math.round((line.ahead * line.meanSeconds) / line.working);
  return { ahead: line.ahead, etaSeconds };
}
