// The one database schema, shared by both drivers (PGlite and node-postgres).
// Keep to what PostgreSQL 15 supports: production may run 15 while PGlite is newer.
// Migrations are generated from this file with `npm run db:generate`.
// Enums the API also speaks take their values from the contracts' lists, so each list is written once
// (changing one changes the database: generate a migration).
import {
  bloomStageNames,
  chatMessageRoles,
  chatMessageStatuses,
  languages,
  paymentStatuses,
  roleNames,
  workStatuses,
} from '@greenhouse/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const roleName = pgEnum('role_name', roleNames);
export const language = pgEnum('language', languages);

export const users = pgTable(
  'users',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: roleName('role').notNull().default('user'),
    language: language('language').notNull().default('en'),
    /** argon2id hash; null for an account that signs in only with Google. */
    passwordHash: text('password_hash'),
    /** The Google account's subject (`sub`), once linked. */
    googleSubject: text('google_subject'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** False while an account waits for an admin's approval (ACCOUNT_APPROVAL), or once an admin deactivates it. */
    active: boolean('active').notNull().default(true),
    /** When an admin approved the account (activated it while it waited for approval). */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /**
     * When an admin deactivated it. Inactive without this means waiting for approval, so "waiting"
     * and "deactivated" stay apart; activating clears it.
     */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** The last request of any of its sessions or API tokens (written at most once a minute). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /**
     * Bumped by the database (migration 0006's triggers) in every transaction that changes anything of the
     * user's agents — their rows, stages, protocols or files — as it commits: a cached agents list made at
     * this version is still true. The session lookup reads it with the user, at no extra query.
     */
    dataVersion: bigint('data_version', { mode: 'number' }).notNull().default(0),
    /** Monthly prompt allowance; 0 means the default (PROMPTS_DEFAULT_LIMIT). */
    promptsLimit: integer('prompts_limit').notNull().default(0),
    /** Renewal period in days; 0 means the default (PROMPTS_RENEWAL_DAYS). */
    promptsRenewalDays: integer('prompts_renewal_days').notNull().default(0),
    promptsUsed: integer('prompts_used').notNull().default(0),
    promptsPeriodStart: timestamp('prompts_period_start', { withTimezone: true }).notNull().defaultNow(),
    /** The payment provider's customer (Stripe `cus_…`), made at the user's first checkout. */
    stripeCustomerId: text('stripe_customer_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // E-mail addresses are unique regardless of case.
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    uniqueIndex('users_google_subject_key').on(table.googleSubject),
    uniqueIndex('users_stripe_customer_id_key').on(table.stripeCustomerId),
  ],
);

/** Server-side sessions. The cookie carries a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** What the user's list of sessions calls it (the token hash stays inside the server). */
    id: uuid('id')
      .notNull()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    /** The client address at sign-in (the proxy's word for it when TRUST_PROXY is set). */
    address: text('address'),
    /** How the session was signed in: 'password' or 'google' (a Google-only account's fresh sign-in). */
    signedInWith: text('signed_in_with').notNull().default('password'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId), uniqueIndex('sessions_id_key').on(table.id)],
);

/** Personal API tokens (`gh_…`): the owner's rights over the API as a bearer token; only the SHA-256 is kept. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('api_tokens_token_hash_key').on(table.tokenHash),
    index('api_tokens_user_id_idx').on(table.userId),
  ],
);

/**
 * What admins did (the admin panel's audit log). No foreign keys: an entry outlives the accounts and
 * agents it names, so who and whom are also kept as text.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    action: text('action').notNull(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull(),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    targetLabel: text('target_label').notNull(),
    /** {field: {from, to}} */
    changes: jsonb('changes').notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index('audit_events_created_idx').on(table.createdAt)],
);

export const emailTokenPurpose = pgEnum('email_token_purpose', ['email_confirmation', 'password_reset']);

/** Single-use e-mail tokens (confirmation, password reset), stored as SHA-256 hashes. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: emailTokenPurpose('purpose').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('email_tokens_user_id_idx').on(table.userId)],
);

/**
 * When an e-mail of a kind was last sent to an address, kept per address whether or not an
 * account has it, so "asked too soon" answers the same for every address.
 */
export const throttledEmailKind = pgEnum('throttled_email_kind', [
  'email_confirmation',
  'password_reset',
  'already_registered',
]);

export const emailThrottle = pgTable(
  'email_throttle',
  {
    purpose: throttledEmailKind('purpose').notNull(),
    address: text('address').notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('email_throttle_key').on(table.purpose, table.address)],
);

/** Pending Google sign-ins: state, nonce and PKCE verifier, each usable once. */
export const ssoStates = pgTable('sso_states', {
  stateHash: text('state_hash').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Rate-limit windows shared by every process of the installation (PostgreSQL; the embedded database's one
 * process counts in memory): one row per route and client key, its hits in the window ending at `resets_at`.
 * Rows whose window ended are reused by the next hit, and removed now and then (`rate-limit-store.ts`).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limits_resets_at').on(table.resetsAt)],
);

/** Values generated once per installation and shared by all its processes (e.g. signing keys). */
export const instanceSecrets = pgTable('instance_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------------------------
// Agents (blooms)
// ---------------------------------------------------------------------------------------------

export const bloomStageName = pgEnum('bloom_stage_name', bloomStageNames);
export const workStatus = pgEnum('work_status', workStatuses);
export const paymentStatus = pgEnum('payment_status', paymentStatuses);

export const blooms = pgTable(
  'blooms',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The uploaded file's name (the dataset's name), as the user's client sent it; never a path. */
    datasetName: text('dataset_name').notNull(),
    paymentStatus: paymentStatus('payment_status').notNull(),
    /** The price, fixed when the agent is made (AGENT_PRICE_CENTS then), in `currency`'s minor unit. */
    priceCents: integer('price_cents').notNull(),
    /** ISO 4217, lower case (PAYMENT_CURRENCY when the agent was made). */
    currency: text('currency').notNull().default('usd'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the last stage completed. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * The version in the works (issue 33): the newest of bloom_protocols. Its stages, payment and dataset are
     * the agent's; older versions keep their stage rows and files.
     */
    latestVersion: integer('latest_version').notNull().default(1),
    /** The owner's scenario tests (contracts' scenarios document), run against every trained version. */
    scenarios: jsonb('scenarios').notNull().default([]),
    /** Download only versions that pass every scenario. */
    gateDownload: boolean('gate_download').notNull().default(false),
  },
  (table) => [index('blooms_user_updated_idx').on(table.userId, table.updatedAt)],
);

/**
 * Every version of an agent (issue 33): its protocol, as uploaded or edited — a new version adds a row, never
 * overwrites one. The version's stages and their outputs carry its number.
 */
export const bloomProtocols = pgTable(
  'bloom_protocols',
  {
    bloomId: uuid('bloom_id')
      .notNull()
      .references(() => blooms.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** The file as uploaded (parsed JSON). */
    content: jsonb('content').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.bloomId, table.version] })],
);

export const bloomStages = pgTable(
  'bloom_stages',
  {
    bloomId: uuid('bloom_id')
      .notNull()
      .references(() => blooms.id, { onDelete: 'cascade' }),
    /** The agent's version these stages train (bloom_protocols.version). */
    version: integer('version').notNull().default(1),
    name: bloomStageName('name').notNull(),
    /** 0-based order of the stage in the pipeline. */
    position: integer('position').notNull(),
    status: workStatus('status').notNull().default('pending'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    /** {percent, step, totalSteps, etaSeconds} while it runs. */
    progress: jsonb('progress'),
    /** Stage metrics (losses, accuracy, counts). */
    metrics: jsonb('metrics'),
    /** Runs started (each slice of a long stage is one). */
    attempts: integer('attempts').notNull().default(0),
    /** Runs that failed with an error (the stage fails for good after a few). */
    failures: integer('failures').notNull().default(0),
    /** Runs in a row that ended with no outcome: the worker died or lost the job (reset by progress). */
    interruptions: integer('interruptions').notNull().default(0),
    /** Set while a run holds the stage; still set when the next run starts means that run was interrupted. */
    runningSince: timestamp('running_since', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.bloomId, table.version, table.name] })],
);

/**
 * What a stage produced, one row per (agent, stage, kind): a re-run replaces it, so a stage
 * never leaves two.
 */
export const bloomArtifacts = pgTable(
  'bloom_artifacts',
  {
    bloomId: uuid('bloom_id')
      .notNull()
      .references(() => blooms.id, { onDelete: 'cascade' }),
    version: integer('version').notNull().default(1),
    stage: bloomStageName('stage').notNull(),
    kind: text('kind').notNull(),
    content: jsonb('content').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.bloomId, table.version, table.stage, table.kind] })],
);

/**
 * One checkout session of the payment provider (Stripe `cs_…`) per attempt to pay for an agent; the
 * agent's payment status follows its latest session (or becomes paid by any of them).
 */
export const bloomPayments = pgTable(
  'bloom_payments',
  {
    sessionId: text('session_id').primaryKey(),
    bloomId: uuid('bloom_id')
      .notNull()
      .references(() => blooms.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The version this session pays for: paying for an older one never starts a newer one's training. */
    version: integer('version').notNull().default(1),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: paymentStatus('status').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('bloom_payments_bloom_idx').on(table.bloomId, table.createdAt)],
);

/**
 * An agent's share links (issue 34): `/try/{token}` lets anyone run the agent's current version in their own
 * browser. Only the token's SHA-256 is stored; the link goes with its agent (cascade) and is revoked by deleting
 * its row.
 */
export const bloomShares = pgTable(
  'bloom_shares',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    bloomId: uuid('bloom_id')
      .notNull()
      .references(() => blooms.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** How many times the link's page was opened (counted by one atomic update per open). */
    opens: integer('opens').notNull().default(0),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('bloom_shares_token_hash_key').on(table.tokenHash),
    index('bloom_shares_bloom_idx').on(table.bloomId, table.createdAt),
  ],
);

/** The provider's webhook events already handled (their ids): a delivery seen again changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Chats (the designer)
// ---------------------------------------------------------------------------------------------

export const chatMessageRole = pgEnum('chat_message_role', chatMessageRoles);
export const chatMessageStatus = pgEnum('chat_message_status', chatMessageStatuses);

export const chats = pgTable(
  'chats',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** 'model' (an OpenAI-compatible model answers) or 'guided' (the built-in interview), fixed at creation. */
    mode: text('mode').notNull(),
    /** The agent draft (mtp's BloomDraft). */
    draft: jsonb('draft').notNull(),
    /** The guided interview's position (guided chats only). */
    designerState: jsonb('designer_state'),
    /**
     * Set while an answer is being written: until when the writer holds it. A writer that died leaves a
     * time in the past, and the chat is free again (its answer shows as interrupted).
     */
    answeringUntil: timestamp('answering_until', { withTimezone: true }),
    /** The agent generated from this chat; the chat is closed once set. */
    bloomId: uuid('bloom_id').references(() => blooms.id, { onDelete: 'set null' }),
    /** Set with bloomId, and kept if that agent is deleted: a closed chat stays closed. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('chats_user_updated_idx').on(table.userId, table.updatedAt)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    /** 0-based order within the chat. */
    position: integer('position').notNull(),
    role: chatMessageRole('role').notNull(),
    content: text('content').notNull(),
    status: chatMessageStatus('status').notNull().default('complete'),
    /** A user message that used a prompt: the allowance period it was counted in (for giving it back). */
    promptPeriodStart: timestamp('prompt_period_start', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('chat_messages_chat_position_key').on(table.chatId, table.position)],
);
