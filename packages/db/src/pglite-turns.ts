import type { PGlite } from '@electric-sql/pglite';

/** How long one event-loop turn may spend in the embedded database before the loop comes round again. */
const TURN_BUDGET_MS = 10;

/**
 * PGlite runs each statement synchronously on the main thread, and its mutex hands the database from one
 * caller to the next in promise callbacks: a backlog of queries (100 requests' worth: a quarter of a second
 * and more) was worked through in one event-loop turn, during which no timer fired, no socket was read and
 * no connection was accepted — libuv accepts one connection per turn, so under load the 100th new
 * connection waited 100 such turns (the agent page's 10 s tail, issue 22).
 *
 * Wraps the client's transaction mutex, which every query, exec and transaction takes: callers still go
 * in their order of arrival, one at a time, but once a turn has spent `TURN_BUDGET_MS` in the database the next
 * one waits for the event loop (setImmediate). Statements inside a transaction do not take this mutex:
 * a transaction is never split.
 */
export function takeTurns(client: PGlite): void {
  const runExclusive = client._runExclusiveTransaction.bind(client);
  const waiting: (() => void)[] = [];
  let running = false;
  let turnStarted = 0;

  const startTurn = () => {
    turnStarted = performance.now();
    waiting.shift()?.();
  };
  const next = () => {
    if (waiting.length === 0) running = false;
    else if (performance.now() - turnStarted < TURN_BUDGET_MS) waiting.shift()!();
    else setImmediate(startTurn);
  };

  client._runExclusiveTransaction = <T>(fn: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      waiting.push(() => void runExclusive(fn).then(resolve, reject).finally(next));
      if (running) return;
      running = true;
      // The first caller of a quiet spell goes at once, in this turn (as it did without turns).
      startTurn();
    });
}
