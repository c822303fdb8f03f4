import type { AccountExport, ChangePasswordRequest, UpdateAccountRequest } from '@greenhouse/contracts';
import { schema, type Db } from '@greenhouse/db';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import type { UserRow } from '../../lib/auth-context.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import type { SessionStore } from '../auth/sessions.js';
import { exportAccount } from './account-export.js';

export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionStore,
  ) {}

  /** Only the fields a user may change: role, activity, confirmation and allowance are not among them. */
  async update(user: UserRow, request: UpdateAccountRequest): Promise<UserRow> {
    const [updated] = await this.db
      .update(schema.users)
      .set({
        firstName: request.firstName,
        lastName: request.lastName,
        ...(request.language ? { language: request.language } : {}),
        updatedAt: new Date(),
      })
      .where(eq(schema.users.id, user.id))
      .returning();
    return updated!;
  }

  /** Everything the account holds (GET /account/export). */
  async export(user: UserRow, prompts: Config['prompts']): Promise<AccountExport> {
    return exportAccount(this.db, user, prompts);
  }

  /** Changes the password; every other session of the account ends. */
  async changePassword(
    user: UserRow,
    currentTokenHash: string,
    request: ChangePasswordRequest,
  ): Promise<void> {
    if (!user.passwordHash) throw new AppError('account.registered_with_social_provider');
    if (!(await verifyPassword(user.passwordHash, request.currentPassword))) {
      throw AppError.field('account.invalid_current_password', 'currentPassword');
    }
    const passwordHash = await hashPassword(request.newPassword);
    await this.db
      .update(schema.users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(schema.users.id, user.id));
    await this.sessions.revokeAll(user.id, currentTokenHash);
  }

  /**
   * Deletes an account and everything it owns (the database cascades from the user row).
   * Users may delete themselves; deleting someone else takes an admin.
   */
  async delete(actor: UserRow, targetId: string): Promise<void> {
    if (actor.id !== targetId && actor.role !== 'admin') throw new AppError('access.forbidden');
    const deleted = await this.db
      .delete(schema.users)
      .where(eq(schema.users.id, targetId))
      .returning({ id: schema.users.id });
    if (deleted.length === 0) throw new AppError('account.not_found');
  }
}
