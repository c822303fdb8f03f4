// When a waiting agent's turn in the training line comes, from what is ahead of it: the work each agent in the
// line has left, handed out as the queue hands it out (pipeline-jobs.ts `fairBy`): round-robin by owner, one
// slice per turn, each owner's agents oldest first — so an owner's later agent waits for the whole of their
// earlier ones, while other owners' agents take their turns in between.

/** An agent with training jobs in the line (waiting or being worked), in the order the queue hands them out. */
export interface LineBloom {
  id: string;
  owner: string;
  /** The agent's upload time (ISO): an owner's agents train oldest first. */
  since: string;
  /** Seconds of training it has left. */
  remainingSeconds: number;
}

export interface TurnInput {
  /** Every agent in the line, the waiting one included, owners in the order their jobs come out. */
  agents: readonly LineBloom[];
  /** The waiting agent. */
  agentId: string;
  /** How many slices are worked at once (the busy training slots; at least 1). */
  slots: number;
  /** How long one slice runs at most. */
  sliceSeconds: number;
}

/** Slices simulated at most: the line of a busy server, and then some; beyond it the estimate stops growing. */
const MAX_TURNS = 100_000;

/**
 * Seconds until the agent's first slice starts. In each round, every owner with work left gets one slice for
 * their oldest agent (the waiting agent's owner last: an estimate may be long, not short); the agent's turn
 * comes in the round where its owner has nothing older left. The busy time before it is shared by the slots.
 */
export function turnEstimate({ agents, agentId, slots, sliceSeconds }: TurnInput): number {
  const me = agents.find((a) => a.id === agentId);
  if (!me) return 0;
  const owners = [...new Set(agents.map((a) => a.owner))].filter((o) => o !== me.owner);
  owners.push(me.owner);
  const left = new Map<string, number[]>();
  for (const owner of owners) {
    const own = agents
      .filter((a) => a.owner === owner && a.id !== agentId)
      .filter((a) => owner !== me.owner || a.since < me.since || (a.since === me.since && a.id < me.id))
      .sort((a, b) => (a.since === b.since ? a.id.localeCompare(b.id) : a.since.localeCompare(b.since)));
    left.set(
      owner,
      own.map((a) => Math.max(0, a.remainingSeconds)),
    );
  }
  const slice = Math.max(1, sliceSeconds);
  let busy = 0;
  for (let turns = 0; turns < MAX_TURNS;) {
    for (const owner of owners) {
      const queue = left.get(owner)!;
      while (queue.length > 0 && queue[0]! <= 0) queue.shift();
      if (owner === me.owner && queue.length === 0) return busy / Math.max(1, slots);
      if (queue.length === 0) continue;
      const take = Math.min(slice, queue[0]!);
      queue[0] = queue[0]! - take;
      busy += take;
      turns++;
    }
  }
  return busy / Math.max(1, slots);
}
