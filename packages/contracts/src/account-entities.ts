import * as z from 'zod/mini';
import { languages } from './validation.js';

// The responses the first page reads (runtime config, session, the signed-out screens' answers), in zod/mini:
// unlike classic zod, whose every schema carries all its methods, it is tree-shaken to what is used, which keeps
// the sign-in page's JavaScript small (issue 22). Objects are not strict: extra fields are stripped.

export const runtimeConfigSchema = z.object({
  version: z.string(),
  /** Base address of the API. */
  databiomesAPI: z.string(),
  /** Name of the auth cookie. */
  authTokenName: z.string(),
  /** Whether Google sign-in is configured (the sign-in screen shows its button only then). */
  googleSignIn: z._default(z.boolean(), false),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** Also the database enum `role_name` (packages/db makes it from this list: a change needs a migration). */
export const roleNames = ['admin', 'user'] as const;
export type RoleName = (typeof roleNames)[number];

export const userSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.object({ name: z.enum(roleNames) }),
  language: z.enum(languages),
  active: z.boolean(),
  emailConfirmed: z.boolean(),
  /** False for an account that signs in only with Google (no password to change). */
  hasPassword: z.boolean(),
  prompts: z.object({
    /** The effective monthly limit (the account's own, or the default when it has none). */
    limit: z.number(),
    used: z.number(),
    /** The renewal period in days, effective like the limit. */
    renewalDays: z.number(),
    /** ISO date-time, or null when no renewal is scheduled. */
    nextRenewalAt: z.nullable(z.string()),
  }),
});
export type User = z.infer<typeof userSchema>;

/** The answer to sign-up, resend and reset requests: the same whether or not the address has an account. */
export const emailSentResponseSchema = z.object({ email: z.string() });
export type EmailSentResponse = z.infer<typeof emailSentResponseSchema>;

export const emailConfirmedResponseSchema = z.object({
  /** awaiting_approval: confirmed, but an admin must activate the account before it can sign in. */
  status: z.enum(['confirmed', 'awaiting_approval']),
});
export type EmailConfirmedResponse = z.infer<typeof emailConfirmedResponseSchema>;

/**
 * `{ url }`, the answer of GET /auth/sso/google/url and GET /payment/billing-portal/url
 * (docs/product-rules.md §3).
 */
export const urlResponseSchema = z.object({ url: z.string().check(z.minLength(1)) });
export type UrlResponse = z.infer<typeof urlResponseSchema>;
