// Agents waiting for a payment when the installation is free now (AGENT_PRICE_CENTS=0): checked at start.
import { schema, type Db } from '@greenhouse/db';
import type { PaymentStatus } from '@greenhouse/contracts';
import { inArray } from 'drizzle-orm';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import { startTraining } from '../pipeline/pipeline-jobs.js';

/**
 * With a price of 0, an agent priced earlier that nobody has paid for (not started, expired or failed —
 * and, without a provider, pending or processing too: nothing can complete those) becomes free: price 0,
 * paid, and its training enqueued once its data stages are done. An agent whose payment may still be
 * moving at the provider (pending, processing) keeps waiting for it while a provider is configured.
 * With a price above 0 nothing changes: each agent keeps the price it was made with.
 * Answers how many agents were freed.
 */
export async function freeUnpaidBlooms(
  db: Db,
  queue: JobQueue,
  options: { priceCents: number; providerConfigured: boolean },
): Promise<number> {
  if (options.priceCents > 0) return 0;
  const waiting: PaymentStatus[] = options.providerConfigured
    ? ['not_initialized', 'expired', 'failed']
    : ['not_initialized', 'pending', 'processing', 'expired', 'failed'];
  return db.transaction(async (tx) => {
    const freed = await tx
      .update(schema.blooms)
      .set({ paymentStatus: 'paid', priceCents: 0, updatedAt: new Date() })
      .where(inArray(schema.blooms.paymentStatus, waiting))
      .returning({ id: schema.blooms.id });
    // The update holds the agents' rows, as the webhook does: a data stage finishing now waits, then
    // sees its agent paid.
    for (const { id } of freed) await startTraining(tx, queue, id);
    return freed.length;
  });
}
