import type {
  ConfirmEmailRequest,
  EmailConfirmedResponse,
  SetNewPasswordRequest,
  SignInRequest,
  SignUpRequest,
} from '@greenhouse/contracts';
import { schema, type Db } from '@greenhouse/db';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import type { SignInClient, UserRow } from '../../lib/auth-context.js';
import type { Mailer } from '../../infra/mail/mailer.js';
import { renderEmail } from '../../infra/mail/templates.js';
import { claimEmailSlot, consumeEmailToken, issueEmailToken, usedEmailTokenOwner } from './email-tokens.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { SessionStore } from './sessions.js';
import { findUserByEmail, isUniqueViolation } from './users.js';

/**
 * A confirmation link used again after it confirmed its account. The contracts have no code of its own for
 * this (yet), so it is CONFLICT (409: the account is already in the state the link asks for), told apart
 * by `params.reason`; the web app shows "already confirmed" with a way to sign in.
 */
const EMAIL_ALREADY_CONFIRMED = 'email_already_confirmed';
const emailAlreadyConfirmed = () =>
  new AppError('CONFLICT', { reason: EMAIL_ALREADY_CONFIRMED }, 'This e-mail address is already confirmed.');

export interface AuthServiceDeps {
  db: Db;
  sessions: SessionStore;
  mailer: Mailer;
  config: Config;
}

/**
 * E-mail and password accounts: sign-up with confirmation, sign-in, password reset.
 * Answers never reveal whether an address has an account: sign-up, resend and reset answer the
 * same for every address, and sign-in spends the same argon2 time for an unknown one.
 */
export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  private link(path: string, token: string): string {
    return `${this.deps.config.appUrl}${path}?token=${encodeURIComponent(token)}`;
  }

  private async sendConfirmation(user: UserRow): Promise<void> {
    const token = await issueEmailToken(this.deps.db, user.id, 'email_confirmation');
    await this.deps.mailer.send(
      renderEmail('emailConfirmation', user.language, user.email, {
        firstName: user.firstName,
        appUrl: this.deps.config.appUrl,
        url: this.link('/auth/email-confirmation', token),
      }),
    );
  }

  async signUp(request: SignUpRequest): Promise<void> {
    const { db, config } = this.deps;
    // Hashed before looking anything up: a taken address costs the same time as a new one.
    const passwordHash = await hashPassword(request.password);
    try {
      const [user] = await db
        .insert(schema.users)
        .values({
          email: request.email,
          firstName: request.firstName,
          lastName: request.lastName,
          language: request.language ?? 'en',
          passwordHash,
          active: !config.accountApproval,
        })
        .returning();
      await claimEmailSlot(db, 'email_confirmation', request.email);
      await this.sendConfirmation(user!);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // The address has an account: tell its owner, not the requester.
      const owner = await findUserByEmail(db, request.email);
      if (owner && (await claimEmailSlot(db, 'already_registered', owner.email))) {
        await this.deps.mailer.send(
          renderEmail('alreadyRegistered', owner.language, owner.email, {
            firstName: owner.firstName,
            appUrl: config.appUrl,
            url: `${config.appUrl}/auth/sign-in`,
          }),
        );
      }
    }
  }

  async resendConfirmation(email: string): Promise<void> {
    const { db } = this.deps;
    if (!(await claimEmailSlot(db, 'email_confirmation', email))) {
      throw new AppError('authorization.email_confirmation_token_already_sent');
    }
    const user = await findUserByEmail(db, email);
    if (user && !user.emailConfirmedAt && user.passwordHash) await this.sendConfirmation(user);
  }

  async confirmEmail({ token }: ConfirmEmailRequest): Promise<EmailConfirmedResponse> {
    const { db } = this.deps;
    const user = await db.transaction(async (tx) => {
      const userId = await consumeEmailToken(tx, token, 'email_confirmation');
      if (!userId) {
        // The link was opened before (it works once) and its account is confirmed: say so, not "not valid".
        if (await this.confirmedOwnerOfUsedToken(tx, token)) throw emailAlreadyConfirmed();
        throw new AppError('authorization.invalid_email_confirmation_token');
      }
      const [updated] = await tx
        .update(schema.users)
        .set({ emailConfirmedAt: new Date(), updatedAt: new Date() })
        .where(eq(schema.users.id, userId))
        .returning();
      return updated!;
    });
    return { status: user.active ? 'confirmed' : 'awaiting_approval' };
  }

  private async confirmedOwnerOfUsedToken(db: Db, token: string): Promise<boolean> {
    const userId = await usedEmailTokenOwner(db, token, 'email_confirmation');
    if (!userId) return false;
    const [owner] = await db
      .select({ emailConfirmedAt: schema.users.emailConfirmedAt })
      .from(schema.users)
      .where(eq(schema.users.id, userId));
    return Boolean(owner?.emailConfirmedAt);
  }

  /** Checks the credentials and opens a new session (a new token at every sign-in). */
  async signIn(request: SignInRequest, client: SignInClient) {
    const user = await findUserByEmail(this.deps.db, request.email);
    const passwordOk = await verifyPassword(user?.passwordHash ?? null, request.password);
    if (!user || !passwordOk) throw new AppError('authorization.invalid_credentials');
    // Only with the right password does the answer say more about the account.
    if (!user.emailConfirmedAt) throw new AppError('authorization.email_not_confirmed');
    if (!user.active) throw new AppError('authorization.account_not_active');
    const session = await this.deps.sessions.create(user.id, { ...client, signedInWith: 'password' });
    return { user, session };
  }

  async requestPasswordReset(email: string): Promise<void> {
    const { db, config } = this.deps;
    if (!(await claimEmailSlot(db, 'password_reset', email))) {
      throw new AppError('authorization.password_reset_token_already_sent');
    }
    const user = await findUserByEmail(db, email);
    if (!user) return;
    const { language } = user;
    if (!user.passwordHash) {
      await this.deps.mailer.send(
        renderEmail('googleAccountReset', language, user.email, {
          firstName: user.firstName,
          appUrl: config.appUrl,
          url: `${config.appUrl}/auth/sign-in`,
        }),
      );
      return;
    }
    const token = await issueEmailToken(db, user.id, 'password_reset');
    await this.deps.mailer.send(
      renderEmail('passwordReset', language, user.email, {
        firstName: user.firstName,
        appUrl: config.appUrl,
        url: this.link('/auth/password-reset', token),
      }),
    );
  }

  /** Sets a new password from a reset link; every session of the account ends. */
  async setNewPassword(request: SetNewPasswordRequest): Promise<void> {
    const { db } = this.deps;
    const passwordHash = await hashPassword(request.password);
    const userId = await db.transaction(async (tx) => {
      const id = await consumeEmailToken(tx, request.token, 'password_reset');
      if (!id) throw new AppError('authorization.invalid_or_expired_password_reset_token');
      // The link arrived by e-mail: the address is proven too.
      const [user] = await tx.select().from(schema.users).where(eq(schema.users.id, id));
      await tx
        .update(schema.users)
        .set({ passwordHash, emailConfirmedAt: user!.emailConfirmedAt ?? new Date(), updatedAt: new Date() })
        .where(eq(schema.users.id, id));
      return id;
    });
    await this.deps.sessions.revokeAll(userId);
  }
}
