import type { GoogleCallbackRequest, Language } from '@greenhouse/contracts';
import { FIRST_NAME_MAX, LAST_NAME_MAX } from '@greenhouse/contracts';
import { schema, type Db } from '@greenhouse/db';
import { and, eq, gt, lt } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import type { SignInClient, UserRow } from '../../lib/auth-context.js';
import { sha256 } from '../../lib/crypto.js';
import type { SessionStore } from './sessions.js';
import { findUserByEmail } from './users.js';

const STATE_LIFETIME_MS = 10 * 60_000;

/**
 * Google sign-in: the OpenID Connect authorization-code flow with state, nonce and PKCE (S256),
 * through openid-client. Each attempt's state, nonce and code verifier are kept server-side and
 * can be used once, so a forged or replayed callback is refused.
 */
export class GoogleSignIn {
  private configuration: Promise<oidc.Configuration> | null = null;
  private readonly redirectUri: string;

  constructor(
    private readonly db: Db,
    private readonly sessions: SessionStore,
    private readonly google: NonNullable<Config['google']>,
    private readonly config: Pick<Config, 'appUrl' | 'accountApproval'>,
  ) {
    this.redirectUri = `${config.appUrl}/auth/sso/google`;
  }

  private discover(): Promise<oidc.Configuration> {
    this.configuration ??= (async () => {
      const issuer = new URL(this.google.issuer);
      // Plain http only for a provider on this machine (the tests' local OpenID provider).
      const local =
        issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
      return oidc.discovery(
        issuer,
        this.google.clientId,
        undefined,
        oidc.ClientSecretPost(this.google.clientSecret),
        local ? { execute: [oidc.allowInsecureRequests] } : undefined,
      );
    })().catch((error: unknown) => {
      this.configuration = null; // try again next time
      throw error;
    });
    return this.configuration;
  }

  async authorizationUrl(): Promise<string> {
    const configuration = await this.discover().catch(() => {
      throw new AppError('SERVICE_UNAVAILABLE');
    });
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    await this.db.delete(schema.ssoStates).where(lt(schema.ssoStates.expiresAt, new Date()));
    await this.db.insert(schema.ssoStates).values({
      stateHash: sha256(state),
      codeVerifier,
      nonce,
      expiresAt: new Date(Date.now() + STATE_LIFETIME_MS),
    });
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return url.href;
  }

  async callback(request: GoogleCallbackRequest, language: Language, client: SignInClient) {
    // Taken out in one statement: a state works once.
    const [pending] = await this.db
      .delete(schema.ssoStates)
      .where(
        and(
          eq(schema.ssoStates.stateHash, sha256(request.state)),
          gt(schema.ssoStates.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!pending) throw AppError.field('authorization.sso_invalid_state', 'state');

    const configuration = await this.discover().catch(() => {
      throw new AppError('SERVICE_UNAVAILABLE');
    });
    const callbackUrl = new URL(this.redirectUri);
    callbackUrl.searchParams.set('code', request.code);
    callbackUrl.searchParams.set('state', request.state);
    if (request.iss) callbackUrl.searchParams.set('iss', request.iss);
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: request.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch {
      throw AppError.field('authorization.sso_invalid_code', 'code');
    }
    const email = typeof claims?.email === 'string' ? claims.email : null;
    if (!claims || !email || claims.email_verified !== true)
      throw new AppError('authorization.failed_to_get_user_data');

    const user = await this.findOrCreate(claims.sub, email, claims, language);
    if (!user.active) throw new AppError('authorization.account_not_active');
    const session = await this.sessions.create(user.id, { ...client, signedInWith: 'google' });
    return { user, session };
  }

  private async findOrCreate(
    subject: string,
    email: string,
    claims: oidc.IDToken,
    language: Language,
  ): Promise<UserRow> {
    const [linked] = await this.db.select().from(schema.users).where(eq(schema.users.googleSubject, subject));
    if (linked) return linked;
    const existing = await findUserByEmail(this.db, email);
    // A password account is never taken over by a Google sign-in with the same address.
    if (existing) throw new AppError('authorization.account_already_registered_with_email');
    const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
    const firstName = (text(claims.given_name) || email.split('@')[0]!).slice(0, FIRST_NAME_MAX);
    const lastName = (text(claims.family_name) || '-').slice(0, LAST_NAME_MAX);
    const [created] = await this.db
      .insert(schema.users)
      .values({
        email,
        firstName,
        lastName,
        language,
        googleSubject: subject,
        emailConfirmedAt: new Date(),
        active: !this.config.accountApproval,
      })
      .returning();
    return created!;
  }
}
