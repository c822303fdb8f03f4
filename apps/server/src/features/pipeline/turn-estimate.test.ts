import { describe, expect, it } from 'vitest';
import { turnEstimate, type LineBloom } from './turn-estimate.js';

const agent = (id: string, owner: string, since: string, remainingSeconds: number): LineBloom => ({
  id,
  owner,
  since,
  remainingSeconds,
});

describe('the turn estimate', () => {
  it('waits for the whole of the owner’s earlier agent, not one slice of it', () => {
    // Issue 32: one agent ahead, the owner's own, with 14 minutes left: not "about 38 sec".
    const agents = [
      agent('a1', 'alice', '2026-01-01T10:00', 840),
      agent('a2', 'alice', '2026-01-01T10:01', 600),
    ];
    expect(turnEstimate({ agents, agentId: 'a2', slots: 1, sliceSeconds: 38 })).toBe(840);
  });

  it('counts one slice of each other owner’s agent, which takes its turns beside', () => {
    const agents = [
      agent('b1', 'bob', '2026-01-01T09:00', 900),
      agent('a1', 'alice', '2026-01-01T10:00', 300),
    ];
    expect(turnEstimate({ agents, agentId: 'a1', slots: 1, sliceSeconds: 30 })).toBe(30);
    // Bob's short agent ends within its one slice.
    const short = [agent('b1', 'bob', '2026-01-01T09:00', 12), agent('a1', 'alice', '2026-01-01T10:00', 300)];
    expect(turnEstimate({ agents: short, agentId: 'a1', slots: 1, sliceSeconds: 30 })).toBe(12);
  });

  it('interleaves other owners while the owner’s earlier agent finishes, until they run out', () => {
    const agents = [
      agent('a1', 'alice', '2026-01-01T10:00', 90),
      agent('b1', 'bob', '2026-01-01T09:00', 45),
      agent('a2', 'alice', '2026-01-01T10:05', 600),
    ];
    // Rounds of 30 s: bob 30 + alice 30, bob 15 + alice 30, alice 30: 135 s of work before a2's turn.
    expect(turnEstimate({ agents, agentId: 'a2', slots: 1, sliceSeconds: 30 })).toBe(135);
    // Two slots share it.
    expect(turnEstimate({ agents, agentId: 'a2', slots: 2, sliceSeconds: 30 })).toBe(67.5);
  });

  it('is 0 for the agent next in line, and ignores the owner’s later agents', () => {
    const agents = [
      agent('a1', 'alice', '2026-01-01T10:00', 90),
      agent('a2', 'alice', '2026-01-01T10:05', 600),
    ];
    expect(turnEstimate({ agents, agentId: 'a1', slots: 1, sliceSeconds: 30 })).toBe(0);
  });
});
