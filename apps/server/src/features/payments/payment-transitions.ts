// One rule for what a checkout session's state means for its agent, used by the webhook and by the
// success redirect's refresh alike, so whichever comes first does the work and the other changes nothing.
import type { PaymentStatus } from '@greenhouse/contracts';
import { schema, type Db } from '@greenhouse/db';
import { and, desc, eq } from 'drizzle-orm';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import { startTraining } from '../pipeline/pipeline-jobs.js';
import type { CheckoutSession, StripeEvent } from './stripe-client.js';

/** How far a session has gone: a session only moves forward (a late or repeated message changes nothing). */
const rank: Record<PaymentStatus, number> = {
  not_initialized: 0,
  pending: 1,
  processing: 2,
  paid: 3,
  failed: 3,
  expired: 3,
};

/** The status a webhook event gives its checkout session; null for events we do not act on. */
export function statusOfEvent(
  event: StripeEvent,
): { session: CheckoutSession; status: PaymentStatus } | null {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      return { session, status: session.payment_status === 'unpaid' ? 'processing' : 'paid' };
    }
    case 'checkout.session.async_payment_succeeded':
      return { session: event.data.object, status: 'paid' };
    case 'checkout.session.async_payment_failed':
      return { session: event.data.object, status: 'failed' };
    case 'checkout.session.expired':
      return { session: event.data.object, status: 'expired' };
    default:
      return null;
  }
}

/**
 * The status a retrieved session shows. A failed delayed payment is not visible on the session itself
 * (it stays complete and unpaid): only its webhook reports it.
 */
export function statusOfSession(session: CheckoutSession): PaymentStatus {
  if (session.status === 'expired') return 'expired';
  if (session.status === 'complete') return session.payment_status === 'unpaid' ? 'processing' : 'paid';
  return 'pending';
}

/** The version a session's metadata names (1 when it names none: made before versions). */
function sessionVersion(session: CheckoutSession): number {
  const version = Number(session.metadata?.version ?? 1);
  return Number.isSafeInteger(version) && version >= 1 ? version : 1;
}

export interface TransitionResult {
  /** The agent it is about (null: no such agent, e.g. deleted). */
  bloomId: string | null;
  /** The agent's payment status afterwards. */
  bloomStatus: PaymentStatus | null;
  /** Whether this call enqueued the agent's training. */
  trainingStarted: boolean;
}

/**
 * Applies a session's new status inside the caller's transaction. The agent's row is locked first, so
 * concurrent deliveries (and the refresh) take their turns: the first one that sees `paid` marks the
 * agent paid and enqueues its training, the next ones find it paid and do nothing. An agent follows its
 * latest session, except that any paid session makes it paid and nothing takes that back.
 */
export async function applySessionStatus(
  tx: Db,
  queue: JobQueue,
  session: CheckoutSession,
  status: PaymentStatus,
): Promise<TransitionResult> {
  const [known] = await tx
    .select()
    .from(schema.bloomPayments)
    .where(eq(schema.bloomPayments.sessionId, session.id));
  const bloomId = known?.bloomId ?? session.metadata?.bloomId ?? session.client_reference_id ?? null;
  if (!bloomId || !/^[0-9a-f-]{36}$/i.test(bloomId))
    return { bloomId: null, bloomStatus: null, trainingStarted: false };
  const [bloom] = await tx.select().from(schema.blooms).where(eq(schema.blooms.id, bloomId)).for('update');
  if (!bloom) return { bloomId: null, bloomStatus: null, trainingStarted: false };
  // The version the session pays for (issue 33; a session made before versions paid for version 1).
  const version = known?.version ?? sessionVersion(session);

  const now = new Date();
  if (!known) {
    // A session the provider made but whose row was never written (the process stopped in between).
    await tx
      .insert(schema.bloomPayments)
      .values({
        sessionId: session.id,
        bloomId,
        userId: bloom.userId,
        version,
        amountCents: session.amount_total ?? bloom.priceCents,
        currency: session.currency ?? bloom.currency,
        status,
      })
      .onConflictDoNothing();
  } else if (rank[status] > rank[known.status]) {
    await tx
      .update(schema.bloomPayments)
      .set({ status, updatedAt: now })
      .where(eq(schema.bloomPayments.sessionId, session.id));
  } else {
    return { bloomId, bloomStatus: bloom.paymentStatus, trainingStarted: false };
  }

  if (bloom.paymentStatus === 'paid') return { bloomId, bloomStatus: 'paid', trainingStarted: false };
  // A session of an older version (paid or not) says nothing of the version in the works.
  if (version !== bloom.latestVersion)
    return { bloomId, bloomStatus: bloom.paymentStatus, trainingStarted: false };
  if (status === 'paid') {
    await tx
      .update(schema.blooms)
      .set({ paymentStatus: 'paid', updatedAt: now })
      .where(eq(schema.blooms.id, bloomId));
    const trainingStarted = await startTraining(tx, queue, bloomId);
    return { bloomId, bloomStatus: 'paid', trainingStarted };
  }
  // Anything else counts only from the agent's latest session (an old one expiring says nothing).
  const [latest] = await tx
    .select({ sessionId: schema.bloomPayments.sessionId })
    .from(schema.bloomPayments)
    .where(and(eq(schema.bloomPayments.bloomId, bloomId), eq(schema.bloomPayments.version, version)))
    .orderBy(desc(schema.bloomPayments.createdAt))
    .limit(1);
  if (latest?.sessionId !== session.id)
    return { bloomId, bloomStatus: bloom.paymentStatus, trainingStarted: false };
  await tx
    .update(schema.blooms)
    .set({ paymentStatus: status, updatedAt: now })
    .where(eq(schema.blooms.id, bloomId));
  return { bloomId, bloomStatus: status, trainingStarted: false };
}
