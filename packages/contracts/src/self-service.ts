import * as z from 'zod/mini';
import { userSchema } from './account-entities.js';
import type { ErrorCode } from './errors.js';

// A user's own sessions, API tokens, data export and account deletion (/settings).

const code = (c: ErrorCode): ErrorCode => c;

export const accountSessionSchema = z.object({
  id: z.string(),
  /** Browser and system read from the user agent, e.g. "Chrome 131 on Linux"; null if unknown. */
  device: z.nullable(z.string()),
  /** The client address it signed in from (as the proxy reports it when TRUST_PROXY is set). */
  address: z.nullable(z.string()),
  /** ISO date-times. */
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionListResponseSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSessionListResponse = z.infer<typeof accountSessionListResponseSchema>;

export const API_TOKEN_NAME_MAX = 64;
export const API_TOKEN_DAYS_MAX = 365;
/** Unexpired tokens a user may hold at once (more answers 409 token.limit_reached). */
export const API_TOKEN_LIMIT = 20;
/** Every personal API token starts with this, so the server (and a secret scanner) can tell it apart. */
export const API_TOKEN_PREFIX = 'gh_';

export const createApiTokenRequestSchema = z.object({
  name: z
    .string({ error: code('token.name_required') })
    .check(
      z.trim(),
      z.minLength(1, { error: code('token.name_required') }),
      z.maxLength(API_TOKEN_NAME_MAX, { error: code('token.name_too_long') }),
    ),
  /** 1 to 365 days. */
  expiresInDays: z
    .int({ error: code('validation.required') })
    .check(
      z.minimum(1, { error: code('validation.numberMin') }),
      z.maximum(API_TOKEN_DAYS_MAX, { error: code('validation.numberMax') }),
    ),
});
export type CreateApiTokenRequest = z.infer<typeof createApiTokenRequestSchema>;

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** ISO date-time of its last use, null if never used. */
  lastUsedAt: z.nullable(z.string()),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer to POST /account/tokens: the only time the token itself is shown. */
export const createdApiTokenSchema = z.extend(apiTokenSchema, { token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const apiTokenListResponseSchema = z.object({ tokens: z.array(apiTokenSchema) });
export type ApiTokenListResponse = z.infer<typeof apiTokenListResponseSchema>;

/**
 * POST /account/delete. An account with a password gives it; one without (Google only) sends
 * none and must have signed in with Google within the last 5 minutes.
 */
export const deleteOwnAccountRequestSchema = z.object({
  password: z.optional(
    z.string({ error: code('account.invalid_current_password') }).check(z.maxLength(1024)),
  ),
});
export type DeleteOwnAccountRequest = z.infer<typeof deleteOwnAccountRequestSchema>;

/** GET /account/export: one JSON file of everything the account holds. */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  account: z.extend(userSchema, { createdAt: z.string() }),
  chats: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      createdAt: z.string(),
      updatedAt: z.string(),
      draft: z.unknown(),
      messages: z.array(z.object({ role: z.string(), content: z.string(), createdAt: z.string() })),
    }),
  ),
  blooms: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      createdAt: z.string(),
      payment: z.object({ status: z.string() }),
      /** Every version of its protocol, oldest first, as uploaded or generated. */
      protocols: z.array(z.object({ version: z.int(), createdAt: z.string(), content: z.unknown() })),
    }),
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
