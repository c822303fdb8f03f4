import type { UpdateAdminAccountRequest } from '@greenhouse/contracts';
import { schema, type Db } from '@greenhouse/db';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { UserRow } from '../../lib/auth-context.js';
import type { SessionStore } from '../auth/sessions.js';
import type { Mailer } from '../../infra/mail/mailer.js';
import { renderEmail } from '../../infra/mail/templates.js';
import { keepAnAdmin, lockAccount, lockActiveAdmins } from '../users/active-admins.js';
import { recordAudit, type AuditActor, type AuditChanges } from '../audit/audit-log.js';

export interface UpdateAccountDeps {
  db: Db;
  sessions: SessionStore;
  mailer: Mailer;
  config: Pick<Config, 'appUrl'>;
  log: FastifyBaseLogger;
}

type Values = Pick<
  UserRow,
  'firstName' | 'lastName' | 'role' | 'active' | 'emailConfirmedAt' | 'promptsLimit' | 'promptsRenewalDays'
>;

/** The request's fields as columns; what it leaves out stays as it is. */
function nextValues(user: UserRow, request: UpdateAdminAccountRequest, now: Date): Values {
  const confirmed = request.emailConfirmed ?? user.emailConfirmedAt !== null;
  return {
    firstName: request.firstName ?? user.firstName,
    lastName: request.lastName ?? user.lastName,
    role: request.role ?? user.role,
    active: request.active ?? user.active,
    emailConfirmedAt: confirmed ? (user.emailConfirmedAt ?? now) : null,
    promptsLimit: request.prompts?.limit ?? user.promptsLimit,
    promptsRenewalDays: request.prompts?.renewalDays ?? user.promptsRenewalDays,
  };
}

/** The fields that really change, under the request's names. */
function changesOf(before: Values, after: Values): AuditChanges {
  const fields: [string, unknown, unknown][] = [
    ['firstName', before.firstName, after.firstName],
    ['lastName', before.lastName, after.lastName],
    ['role', before.role, after.role],
    ['active', before.active, after.active],
    ['emailConfirmed', before.emailConfirmedAt !== null, after.emailConfirmedAt !== null],
    ['prompts.limit', before.promptsLimit, after.promptsLimit],
    ['prompts.renewalDays', before.promptsRenewalDays, after.promptsRenewalDays],
  ];
  return Object.fromEntries(
    fields.filter(([, from, to]) => from !== to).map(([field, from, to]) => [field, { from, to }]),
  );
}

/**
 * An admin's (or the command line's) change of an account, with its audit event in one transaction.
 * It takes effect on the account's next request in every process: each request reads the user's row.
 *
 * Deactivating records when and ends every session of the account. Activating clears that; an account
 * that was waiting for approval (inactive, never deactivated) is approved then: approved_at is recorded
 * and its owner gets the approval e-mail in their language.
 */
export async function updateAccount(
  deps: UpdateAccountDeps,
  actor: AuditActor,
  targetId: string,
  request: UpdateAdminAccountRequest,
): Promise<UserRow> {
  const outcome = await deps.db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx);
    const user = await lockAccount(tx, targetId);
    const now = new Date();
    const next = nextValues(user, request, now);
    const changes = changesOf(user, next);
    if (Object.keys(changes).length === 0) return { user, approved: false };
    if (user.role === 'admin' && user.active && (next.role !== 'admin' || !next.active))
      keepAnAdmin(admins, user);
    const deactivated = user.active && !next.active;
    const approved = !user.active && next.active && user.deactivatedAt === null;
    const [updated] = await tx
      .update(schema.users)
      .set({
        ...next,
        ...(deactivated ? { deactivatedAt: now } : {}),
        ...(next.active ? { deactivatedAt: null } : {}),
        ...(approved ? { approvedAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(schema.users.id, user.id))
      .returning();
    await recordAudit(tx, {
      action: 'account.updated',
      actor,
      target: { type: 'account', id: user.id, label: user.email },
      changes,
    });
    return { user: updated!, approved };
  });
  const { user } = outcome;
  // After the commit: from then on no new session can start (sign-in refuses an inactive account). For
  // every inactive account, not only one deactivated just now, so that repeating a deactivation whose
  // revocation failed (the change itself was committed) still ends the sessions.
  if (!user.active) await deps.sessions.revokeAll(user.id);
  if (outcome.approved) {
    // The approval stands even if the e-mail cannot go out now; the admin can tell the owner otherwise.
    await deps.mailer
      .send(
        renderEmail('accountApproved', user.language, user.email, {
          firstName: user.firstName,
          appUrl: deps.config.appUrl,
          url: `${deps.config.appUrl}/auth/sign-in`,
        }),
      )
      .catch((error: unknown) =>
        deps.log.error({ err: error, userId: user.id }, 'the approval e-mail could not be sent'),
      );
  }
  return user;
}
