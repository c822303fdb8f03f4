import { schema, type Db } from '@greenhouse/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.js';
import { isUuid } from '../../lib/owned-list.js';
import { bloomIdsOfOwner, deleteBloomsOfOwner } from '../blooms/all-blooms.js';
import type { ArtifactStore } from '../pipeline/artifact-store.js';
import { keepAnAdmin, lockAccount, lockActiveAdmins } from '../users/active-admins.js';
import { recordAudit, type AuditActor } from '../audit/audit-log.js';

export interface DeleteAccountDeps {
  db: Db;
  files: ArtifactStore;
}

/**
 * Deletes an account with everything it owns, for an admin (DELETE /accounts/{id}) and for its owner
 * (POST /account/delete, `self`). One transaction deletes the user's agents, then the user's row — the
 * schema cascades to its sessions, tokens, chats and payments — and writes the audit
 * event, so it all goes or nothing does. The agents' files go after the commit, as when an agent is
 * deleted: a stage still running then finds its agent gone and stores nothing.
 */
export async function deleteAccount(
  deps: DeleteAccountDeps,
  actor: AuditActor,
  targetId: string,
  { self }: { self: boolean },
): Promise<void> {
  // Admins delete their own account from Settings, with their password, not from the panel.
  if (!self && actor.id === targetId) throw new AppError('account.cannot_delete_self');
  const bloomIds = await deps.db.transaction(async (tx) => {
    // The agents go before any user row is locked: a stage committing meanwhile locks its owner's row last
    // (the data version's trigger, migration 0006), so taking the user's row first and the agents' after
    // could deadlock with it. A refusal below rolls them back.
    if (!isUuid(targetId)) throw new AppError('account.not_found');
    const ids = await bloomIdsOfOwner(tx, targetId);
    await deleteBloomsOfOwner(tx, targetId);
    const admins = await lockActiveAdmins(tx);
    const user = await lockAccount(tx, targetId);
    keepAnAdmin(admins, user);
    await tx.delete(schema.users).where(eq(schema.users.id, user.id));
    await recordAudit(tx, {
      action: 'account.deleted',
      actor,
      target: { type: 'account', id: user.id, label: user.email },
    });
    return ids;
  });
  for (const id of bloomIds) await deps.files.removeAll(id);
}
