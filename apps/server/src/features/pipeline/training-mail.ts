// The e-mail to an agent's owner when its training completes or fails: a job of its own, enqueued
// in the transaction that records the outcome, so it is sent once the outcome is committed — and
// retried if the mail server is down — whichever process finished the training.
import { schema, type Db } from '@greenhouse/db';
import { and, eq } from 'drizzle-orm';
import type { MailJob } from './pipeline-jobs.js';
import { latestVersionOf } from './stages.js';
import type { Mailer } from '../../infra/mail/mailer.js';
import { renderEmail } from '../../infra/mail/templates.js';

export function trainingMailHandler(db: Db, mailer: Mailer, appUrl: string) {
  return async (job: MailJob): Promise<void> => {
    const [row] = await db
      .select({
        name: schema.blooms.name,
        email: schema.users.email,
        firstName: schema.users.firstName,
        language: schema.users.language,
      })
      .from(schema.blooms)
      .innerJoin(schema.users, eq(schema.users.id, schema.blooms.userId))
      .where(eq(schema.blooms.id, job.bloomId));
    if (!row) return; // the agent (or its owner) was deleted meanwhile
    let reason = '';
    if (job.kind === 'trainingFailed') {
      const [failed] = await db
        .select({ message: schema.bloomStages.errorMessage })
        .from(schema.bloomStages)
        .where(
          and(
            eq(schema.bloomStages.bloomId, job.bloomId),
            eq(schema.bloomStages.version, latestVersionOf(job.bloomId)),
            eq(schema.bloomStages.status, 'failed'),
          ),
        );
      reason = failed?.message ?? '';
    }
    await mailer.send(
      renderEmail(job.kind, row.language, row.email, {
        firstName: row.firstName,
        appUrl,
        url: `${appUrl}/agent/${job.bloomId}`,
        agentName: row.name,
        reason,
      }),
    );
  };
}
