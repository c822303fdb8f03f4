import type { AccountExport } from '@greenhouse/contracts';
import type { Db } from '@greenhouse/db';
import type { Config } from '../../config.js';
import type { UserRow } from '../../lib/auth-context.js';
import { exportBlooms } from '../blooms/bloom-export.js';
import { exportChats } from '../chats/chat-export.js';
import { presentUser } from '../users/present-user.js';

/**
 * GET /account/export: everything the account holds, as one document. Each feature answers for its
 * own data; nothing here reads their tables.
 */
export async function exportAccount(
  db: Db,
  user: UserRow,
  prompts: Config['prompts'],
): Promise<AccountExport> {
  return {
    exportedAt: new Date().toISOString(),
    account: { ...presentUser(user, prompts), createdAt: user.createdAt.toISOString() },
    chats: await exportChats(db, user.id),
    blooms: await exportBlooms(db, user.id),
  };
}
