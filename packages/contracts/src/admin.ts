import * as z from 'zod/mini';
import { roleNames, userSchema } from './account-entities.js';
import { bloomStageNames, paymentStatuses, workStatuses } from './entities.js';
import type { ErrorCode } from './errors.js';
import { FIRST_NAME_MAX, LAST_NAME_MAX } from './validation.js';

// The admin panel's calls (under /api, admin only). Lists use the query building of docs/product-rules.md §7;
// what each list may sort and filter by is written here once, for the server's parser and the client.

const code = (c: ErrorCode): ErrorCode => c;

/** An account as an admin sees it: the user as GET /account/data shows it, and more. */
export const adminAccountSchema = z.extend(userSchema, {
  /** ISO date-time. */
  createdAt: z.string(),
  /** The last request of any of the account's sessions or tokens (ISO), null if never signed in. */
  lastSeenAt: z.nullable(z.string()),
  /** When an admin approved the account (ISO); null if it never needed or never got approval. */
  approvedAt: z.nullable(z.string()),
  /** When an admin deactivated it (ISO); null while active or waiting for approval. */
  deactivatedAt: z.nullable(z.string()),
  /** Waits for an admin's approval: e-mail confirmed, inactive, and not deactivated by an admin. */
  pending: z.boolean(),
  /** The account's own allowance settings as stored: 0 means the default (PROMPTS_DEFAULT_LIMIT/RENEWAL_DAYS). */
  promptSettings: z.object({ limit: z.int(), renewalDays: z.int() }),
  agents: z.int(),
  chats: z.int(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

export const adminAccountListResponseSchema = z.object({
  accounts: z.array(adminAccountSchema),
  total: z.int(),
});
export type AdminAccountListResponse = z.infer<typeof adminAccountListResponseSchema>;

/** GET /accounts: sorted by createdAt, newest first, unless the query says otherwise. */
export const adminAccountListQuery = {
  sortable: ['createdAt', 'email'],
  /** email: contains (case-insensitive); role: admin|user; active, pending: true|false. */
  filterable: ['email', 'role', 'active', 'pending'],
  defaultSort: 'createdAt',
} as const;

/** A whole, non-negative number of at most a million (0 means the default). */
function allowanceNumber() {
  return z
    .int({ error: code('validation.required') })
    .check(
      z.minimum(0, { error: code('validation.numberMin') }),
      z.maximum(1_000_000, { error: code('validation.numberMax') }),
    );
}

function name(max: number, required: ErrorCode, tooLong: ErrorCode) {
  return z
    .string({ error: required })
    .check(z.trim(), z.minLength(1, { error: required }), z.maxLength(max, { error: tooLong }));
}

/** PUT /accounts/{id}: any of these; what is absent stays. Unknown keys are stripped. */
export const updateAdminAccountRequestSchema = z.object({
  firstName: z.optional(name(FIRST_NAME_MAX, 'account.first_name_required', 'account.first_name_too_long')),
  lastName: z.optional(name(LAST_NAME_MAX, 'account.last_name_required', 'account.last_name_too_long')),
  role: z.optional(z.enum(roleNames, { error: code('account.role_invalid') })),
  active: z.optional(z.boolean({ error: code('validation.required') })),
  emailConfirmed: z.optional(z.boolean({ error: code('validation.required') })),
  prompts: z.optional(
    z.object(
      { limit: z.optional(allowanceNumber()), renewalDays: z.optional(allowanceNumber()) },
      { error: code('validation.required') },
    ),
  ),
});
export type UpdateAdminAccountRequest = z.infer<typeof updateAdminAccountRequestSchema>;

/** What an audit event records an admin did. */
export const auditActions = ['account.updated', 'account.deleted', 'bloom.retried'] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditEventSchema = z.object({
  id: z.string(),
  action: z.enum(auditActions),
  /** Who did it (kept as it was, even after that account is gone). */
  actor: z.object({ id: z.nullable(z.string()), email: z.string() }),
  /** Whom or what it was done to: an account (email) or an agent (name). */
  target: z.object({ type: z.enum(['account', 'bloom']), id: z.string(), label: z.string() }),
  /** The changed fields, each with its value before and after. */
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
  /** ISO date-time. */
  createdAt: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditListResponseSchema = z.object({
  events: z.array(auditEventSchema),
  total: z.int(),
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

/** GET /admin/audit: newest first. */
export const auditListQuery = {
  sortable: ['createdAt'],
  filterable: ['action', 'targetId', 'actorId'],
  defaultSort: 'createdAt',
} as const;

export const adminBloomSchema = z.object({
  id: z.string(),
  name: z.string(),
  owner: z.object({ id: z.string(), email: z.string() }),
  /** The stage it is at: the failed one, the running one, or the next pending one; null once trained. */
  stage: z.nullable(z.object({ name: z.enum(bloomStageNames), status: z.enum(workStatuses) })),
  /** completed, failed, processing or pending, as the agent as a whole is. */
  status: z.enum(workStatuses),
  payment: z.object({ status: z.enum(paymentStatuses) }),
  /** The failed stage's reason (error code and message), when it failed. */
  failure: z.nullable(z.object({ code: z.string(), message: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminBloom = z.infer<typeof adminBloomSchema>;

export const adminBloomListResponseSchema = z.object({
  blooms: z.array(adminBloomSchema),
  total: z.int(),
});
export type AdminBloomListResponse = z.infer<typeof adminBloomListResponseSchema>;

/** GET /admin/blooms: failed agents first, then newest first. */
export const adminBloomListQuery = {
  sortable: ['createdAt', 'updatedAt'],
  filterable: ['status', 'userId'],
  defaultSort: 'updatedAt',
} as const;

/** One account's chat as the admin panel lists it (its messages and draft stay the owner's). */
export const adminChatSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Who answers in it: an OpenAI-compatible model or the built-in guided interview. */
  mode: z.enum(['model', 'guided']),
  /** answering: an answer is being written; closed: its agent was generated; open otherwise. */
  state: z.enum(['open', 'answering', 'closed']),
  /** The agent generated from it, while that agent exists. */
  bloomId: z.nullable(z.string()),
  /** ISO date-times. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminChat = z.infer<typeof adminChatSchema>;

export const adminChatListResponseSchema = z.object({
  chats: z.array(adminChatSchema),
  total: z.int(),
});
export type AdminChatListResponse = z.infer<typeof adminChatListResponseSchema>;

/** GET /admin/chats: newest activity first; filter.userId gives one account's. */
export const adminChatListQuery = {
  sortable: ['createdAt', 'updatedAt'],
  filterable: ['userId'],
  defaultSort: 'updatedAt',
} as const;
