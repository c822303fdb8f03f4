// Where an agent waiting for its next training slice stands, for the agent page: the order is the
// queue's own (pg-boss priority, then age; see `fairBy`), read from the database, so it is the same
// whichever process answers. When its turn comes is estimated from what is ahead of it: each agent's
// training left (bloom-work.ts), handed out round-robin by owner as the queue does (turn-estimate.ts).
import type { TrainingLine } from '@greenhouse/contracts';
import type { Db } from '@greenhouse/db';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import { remainingTraining } from './bloom-work.js';
import { trainingJobs } from './pipeline-jobs.js';
import { turnEstimate, type LineBloom } from './turn-estimate.js';

/**
 * The agent's place in the training line, or null when it is not waiting for a slice. Its estimate is null
 * when it cannot be told (nothing measured yet): the page then says "a few minutes" rather than a number it
 * cannot keep. Asked again as the line moves, it grows when an agent ahead trains slower than measured (its
 * own progress says so). Between two slices no job is being worked: the line is still worked by one slot.
 */
export async function trainingLine(
  db: Db,
  queue: JobQueue,
  bloomId: string,
  sliceSeconds: number,
): Promise<TrainingLine | null> {
  const line = await queue.line(trainingJobs, 'bloomId', bloomId);
  if (!line) return null;
  // Nothing ahead: its turn is the next one, with no line to read.
  if (line.ahead === 0) return { ahead: 0, etaSeconds: 0 };
  const agents = new Map<string, Omit<LineBloom, 'remainingSeconds'>>();
  for (const { data } of await queue.queued(trainingJobs))
    if (!agents.has(data.bloomId))
      agents.set(data.bloomId, { id: data.bloomId, owner: data.ownerId, since: data.since });
  // A short stage (tokenizer, export) counts as one job of the measured mean length, at most a slice.
  const shortStage = Math.min(sliceSeconds, line.meanSeconds ?? sliceSeconds);
  const me = agents.get(bloomId);
  // The owner's later agents wait behind this one: they are not ahead of it.
  const behind = (a: Omit<LineBloom, 'remainingSeconds'>) =>
    a.id === bloomId || (me !== undefined && a.owner === me.owner && a.since > me.since);
  const counted = [...agents.values()].filter((a) => !behind(a));
  const left = await remainingTraining(
    db,
    counted.map((a) => a.id),
    shortStage,
  );
  const inLine: LineBloom[] = me ? [{ ...me, remainingSeconds: 0 }] : [];
  for (const agent of counted) {
    const remainingSeconds = left.get(agent.id);
    // An agent ahead whose work cannot be told makes the estimate unknown.
    if (remainingSeconds === null || remainingSeconds === undefined)
      return { ahead: line.ahead, etaSeconds: null };
    inLine.push({ ...agent, remainingSeconds });
  }
  const slots = Math.max(1, line.working);
  const seconds = turnEstimate({ agents: inLine, agentId: bloomId, slots, sliceSeconds });
  return { ahead: line.ahead, etaSeconds: Math.round(seconds) };
}
