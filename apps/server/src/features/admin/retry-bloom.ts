import type { AdminBloom } from '@greenhouse/contracts';
import type { Db } from '@greenhouse/db';
import { AppError } from '../../lib/app-error.js';
import { isUuid } from '../../lib/owned-list.js';
import { findAnyBloom } from '../blooms/all-blooms.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import { retryFailedStage } from '../pipeline/retry-stage.js';
import { recordAudit, type AuditActor } from '../audit/audit-log.js';

/** An admin sends a failed agent's failed stage back to the queue (features/pipeline/retry-stage.ts). */
export async function retryBloom(
  deps: { db: Db; queue: JobQueue },
  actor: AuditActor,
  id: string,
): Promise<AdminBloom> {
  if (!isUuid(id)) throw new AppError('bloom.not_found');
  await deps.db.transaction(async (tx) => {
    const bloom = await findAnyBloom(tx, id);
    if (!bloom) throw new AppError('bloom.not_found');
    const stage = await retryFailedStage(tx, deps.queue, id);
    if (!stage) throw new AppError('bloom.not_failed');
    await recordAudit(tx, {
      action: 'bloom.retried',
      actor,
      target: { type: 'bloom', id, label: bloom.name },
      changes: { [`stage.${stage}`]: { from: 'failed', to: 'pending' } },
    });
  });
  const bloom = await findAnyBloom(deps.db, id);
  // Deleted by its owner since.
  if (!bloom) throw new AppError('bloom.not_found');
  return bloom;
}
