import type {
  AccountExport,
  ChangePasswordRequest,
  DeleteOwnAccountRequest,
  UpdateAccountRequest,
} from '@greenhouse/contracts';
import { schema, type Db } from '@greenhouse/db';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import type { ActiveSession, UserRow } from '../../lib/auth-context.js';
import { deleteAccount } from './delete-account.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import type { SessionStore } from '../auth/sessions.js';
import type { ArtifactStore } from '../pipeline/artifact-store.js';
import { exportAccount } from './account-export.js';

/** How recent a Google sign-in must be to delete a Google-only account. */
const FRESH_GOOGLE_SIGN_IN_MS = 5 * 60_000;

export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionStore,
    private readonly files: ArtifactStore,
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
   * The owner deletes their account (deleteAccount: all or nothing, files after the rows), proving it is
   * them: with the password, or — an account without one — with a Google sign-in of the last 5 minutes.
   * The audit log records it with the owner as the actor, so an admin can tell where an account went.
   */
  async deleteOwn(session: ActiveSession, request: DeleteOwnAccountRequest): Promise<void> {
    const { user } = session;
    if (user.passwordHash) {
      if (request.password === undefined || !(await verifyPassword(user.passwordHash, request.password)))
        throw AppError.field('account.invalid_current_password', 'password');
    } else {
      const fresh = Date.now() - session.createdAt.getTime() < FRESH_GOOGLE_SIGN_IN_MS;
      if (session.signedInWith !== 'google' || !fresh) throw new AppError('account.reauthentication_needed');
    }
    await deleteAccount({ db: this.db, files: this.files }, { id: user.id, email: user.email }, user.id, {
      self: true,
    });
  }
}
