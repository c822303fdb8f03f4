// The server's configuration: read from the environment and validated once, at start-up.
// Every variable is documented in the README; a bad value stops the start with a clear message.
import path from 'node:path';
import { z } from 'zod';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** ARTIFACTS_URL's bucket and key prefix (the pattern above has checked it), with the S3_* settings. */
function s3StoreConfig(
  url: string,
  env: {
    S3_ENDPOINT?: string;
    S3_PUBLIC_ENDPOINT?: string;
    S3_REGION: string;
    S3_FORCE_PATH_STYLE: boolean;
    S3_DOWNLOAD_SECONDS: number;
  },
) {
  const [bucket = '', ...prefix] = url.slice('s3://'.length).split('/');
  const endpoint = new URL(
    env.S3_PUBLIC_ENDPOINT ?? env.S3_ENDPOINT ?? `https://s3.${env.S3_REGION}.amazonaws.com`,
  );
  return {
    /** Where browsers fetch presigned downloads from (the web app's connect-src): path or virtual-host style. */
    downloadOrigin: env.S3_FORCE_PATH_STYLE
      ? endpoint.origin
      : `${endpoint.protocol}//${bucket}.${endpoint.host}`,
    bucket,
    prefix: prefix.filter(Boolean).join('/'),
    endpoint: env.S3_ENDPOINT ?? null,
    publicEndpoint: env.S3_PUBLIC_ENDPOINT ?? null,
    region: env.S3_REGION,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    downloadSeconds: env.S3_DOWNLOAD_SECONDS,
  };
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
    PORT: z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a whole number')
      .min(1, 'must be 1 to 65535')
      .max(65535, 'must be 1 to 65535')
      .default(3000),
    HOST: z.string().min(1).default('localhost'),
    APP_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .transform((u) => u.replace(/\/+$/, ''))
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset for the embedded database)')
      .optional(),
    // HTTP processes (node:cluster) on PostgreSQL: one Node thread per process (main.ts, cluster-primary.ts).
    API_PROCESSES: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be 1 to 64')
      .max(64, 'must be 1 to 64')
      .default(1),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOG_FORMAT: z.enum(['json', 'pretty'], { error: 'must be json or pretty' }).optional(),
    TRUST_PROXY: booleanString.default(false),
    ACCOUNT_APPROVAL: booleanString.default(false),
    PROMPTS_DEFAULT_LIMIT: z.coerce.number().int().min(0, 'must be 0 or more').default(50),
    PROMPTS_RENEWAL_DAYS: z.coerce.number().int().min(1, 'must be 1 or more').default(30),
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
    SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(12),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Greenhouse <no-reply@localhost>'),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_ISSUER: z.url({ error: 'must be a URL' }).default('https://accounts.google.com'),
    AGENT_PRICE_CENTS: z.coerce.number().int().min(0, 'must be 0 or more').default(0),
    PAYMENT_CURRENCY: z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'must be a three-letter ISO 4217 currency code such as usd')
      .transform((c) => c.toLowerCase())
      .default('usd'),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    STRIPE_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    ARTIFACTS_DIR: z.string().min(1).optional(),
    // Issue 35: the outputs in an S3 bucket instead of ARTIFACTS_DIR, for workers on several machines.
    ARTIFACTS_URL: z
      .string()
      .regex(
        /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/,
        'must be s3://bucket or s3://bucket/prefix (leave it unset for ARTIFACTS_DIR)',
      )
      .optional(),
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    S3_PUBLIC_ENDPOINT: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_FORCE_PATH_STYLE: booleanString.default(false),
    S3_DOWNLOAD_SECONDS: z.coerce
      .number({ error: 'must be a number of seconds' })
      .int('must be a whole number')
      .min(10, 'must be 10 to 604800')
      .max(604800, 'must be 10 to 604800')
      .default(300),
    RUN_JOBS: booleanString.default(true),
    JOB_SLICE_SECONDS: z.coerce.number().min(0.1, 'must be 0.1 or more').default(60),
    JOB_LEASE_SECONDS: z.coerce.number().int().min(2, 'must be 2 or more').default(300),
    JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1, 'must be 1 or more').default(30),
    TRAINING_PRESET: z.enum(['default', 'tiny']).default('default'),
    TRAINING_THREADS: z.coerce.number().int().min(1).max(2, 'must be 1 or 2').default(2),
    // Issue 31: agents train from scratch by default. Since the reaction model chooses the reaction and a line is
    // one of its reaction's own lines, the committed English base measured nothing better on held-out phrasings
    // (bench:quality: the same reactions, lines and own examples) for up to twice the training time and 1–2.4 MB more
    // per agent file; 'committed' keeps it available (for English protocols: another language always trains from scratch).
    TRAINING_BASE: z.enum(['none', 'committed']).default('none'),
    // Issue 33: measure each exported file's device fit (child processes, a few seconds per export).
    DEVICE_FIT: booleanString.default(true),
    // Trainings one process runs at once. 1 by default on 2 cores: one training already uses both
    // (TRAINING_THREADS=2). Measured here (2 cores shared with other jobs, load 6–7; the train bench's
    // small model): one training 22 s; two at once 35 s for both, against 44 s one after the other — 20 %
    // more throughput, but the first agent is ready 13 s later, the mean wait is no shorter (35 vs 33 s)
    // and two models are held in memory. (The tiny preset's model does not keep two threads busy: there
    // two at once took 15 s for both against 27 s, so a demo installation may set 2.)
    TRAINING_CONCURRENCY: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be 1 to 16')
      .max(16, 'must be 1 to 16')
      .default(1),
    FLORA_DOWNLOADS_DIR: z.string().min(1).optional(),
    LLM_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    LLM_API_KEY: z.string().min(1).optional(),
    LLM_MODEL: z.string().min(1).optional(),
    LLM_TIMEOUT_SECONDS: z.coerce.number().min(1, 'must be 1 or more').default(60),
    REQUEST_TIMEOUT_SECONDS: z.coerce
      .number({ error: 'must be a number of seconds' })
      .min(1, 'must be 1 or more')
      .max(3600, 'must be at most 3600')
      .default(120),
    IDLE_TIMEOUT_SECONDS: z.coerce
      .number({ error: 'must be a number of seconds' })
      .min(1, 'must be 1 or more')
      .max(3600, 'must be at most 3600')
      .default(120),
  })
  .refine((env) => env.JOB_LEASE_SECONDS >= 2 * env.JOB_SLICE_SECONDS, {
    path: ['JOB_LEASE_SECONDS'],
    message: 'must be at least twice JOB_SLICE_SECONDS (a training slice must finish within its lease)',
  })
  .refine((env) => env.API_PROCESSES === 1 || !!env.DATABASE_URL, {
    path: ['API_PROCESSES'],
    message:
      'more than 1 needs PostgreSQL: the embedded database belongs to one process (set DATABASE_URL, or API_PROCESSES=1)',
  })
  .refine((env) => !env.GOOGLE_CLIENT_ID === !env.GOOGLE_CLIENT_SECRET, {
    path: ['GOOGLE_CLIENT_SECRET'],
    message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
  })
  .refine((env) => !env.STRIPE_SECRET_KEY === !env.STRIPE_WEBHOOK_SECRET, {
    path: ['STRIPE_WEBHOOK_SECRET'],
    message: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together',
  })
  .refine((env) => env.AGENT_PRICE_CENTS === 0 || !!env.STRIPE_SECRET_KEY, {
    path: ['AGENT_PRICE_CENTS'],
    message:
      'a price above 0 needs the payment provider: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or set the price to 0',
  })
  .refine((env) => !!env.ARTIFACTS_URL || (!env.S3_ENDPOINT && !env.S3_PUBLIC_ENDPOINT), {
    path: ['S3_ENDPOINT'],
    message: 'S3_ENDPOINT and S3_PUBLIC_ENDPOINT need ARTIFACTS_URL=s3://bucket/prefix',
  })
  .refine((env) => !env.LLM_BASE_URL === !env.LLM_MODEL, {
    path: ['LLM_MODEL'],
    message: 'LLM_BASE_URL and LLM_MODEL must be set together (LLM_API_KEY too, if the server needs one)',
  })
  .transform((env) => ({
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    appUrl: env.APP_URL ?? `http://localhost:${env.PORT}`,
    dataDir: path.resolve(env.DATA_DIR),
    database: env.DATABASE_URL
      ? ({ driver: 'postgres', url: env.DATABASE_URL } as const)
      : ({ driver: 'pglite', dataDir: path.resolve(env.DATA_DIR) } as const),
    /** HTTP processes sharing the port (PostgreSQL only); above 1 the primary process serves no HTTP. */
    apiProcesses: env.API_PROCESSES,
    logLevel: env.LOG_LEVEL,
    /** json or pretty; null: pretty at a terminal, json otherwise (lib/logger.ts). */
    logFormat: env.LOG_FORMAT ?? null,
    trustProxy: env.TRUST_PROXY,
    accountApproval: env.ACCOUNT_APPROVAL,
    prompts: { defaultLimit: env.PROMPTS_DEFAULT_LIMIT, renewalDays: env.PROMPTS_RENEWAL_DAYS },
    session: { idleMinutes: env.SESSION_IDLE_MINUTES, maxHours: env.SESSION_MAX_HOURS },
    mail: env.SMTP_URL
      ? ({ transport: 'smtp', url: env.SMTP_URL, from: env.MAIL_FROM } as const)
      : ({
          transport: 'outbox',
          directory: path.join(path.resolve(env.DATA_DIR), 'outbox'),
          from: env.MAIL_FROM,
        } as const),
    agentPriceCents: env.AGENT_PRICE_CENTS,
    /** The currency of new agents' prices (ISO 4217, lower case). */
    paymentCurrency: env.PAYMENT_CURRENCY,
    /** The payment provider (Stripe); null: only free agents (AGENT_PRICE_CENTS=0). */
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            /** Another address of the provider's API (a local peer in tests); null: Stripe's own. */
            apiUrl: env.STRIPE_API_URL ?? null,
          }
        : null,
    artifactsDir: path.resolve(env.ARTIFACTS_DIR ?? path.join(env.DATA_DIR, 'artifacts')),
    /** The outputs' S3 bucket (issue 35); null: they are files in artifactsDir. */
    s3: env.ARTIFACTS_URL ? s3StoreConfig(env.ARTIFACTS_URL, env) : null,
    jobs: {
      inProcess: env.RUN_JOBS,
      sliceSeconds: env.JOB_SLICE_SECONDS,
      leaseSeconds: env.JOB_LEASE_SECONDS,
      maintenanceSeconds: env.JOB_MAINTENANCE_SECONDS,
      trainingConcurrency: env.TRAINING_CONCURRENCY,
    },
    training: {
      preset: env.TRAINING_PRESET,
      threads: env.TRAINING_THREADS as 1 | 2,
      base: env.TRAINING_BASE,
      deviceFit: env.DEVICE_FIT,
    },
    /** Where the Flora builds are (null: the server's own build output, apps/server/dist/downloads). */
    floraDownloadsDir: env.FLORA_DOWNLOADS_DIR ? path.resolve(env.FLORA_DOWNLOADS_DIR) : null,
    /** The chat designer's model (an OpenAI-compatible chat-completions API); null: the guided designer. */
    llm:
      env.LLM_BASE_URL && env.LLM_MODEL
        ? {
            baseUrl: env.LLM_BASE_URL,
            // Local servers (Ollama, llama.cpp) take any key; the SDK insists on one.
            apiKey: env.LLM_API_KEY ?? 'none',
            model: env.LLM_MODEL,
            timeoutMs: env.LLM_TIMEOUT_SECONDS * 1000,
          }
        : null,
    /** How long the HTTP server waits for clients (app.ts, httpTimeouts). */
    http: {
      requestTimeoutMs: Math.round(env.REQUEST_TIMEOUT_SECONDS * 1000),
      idleTimeoutMs: Math.round(env.IDLE_TIMEOUT_SECONDS * 1000),
    },
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            issuer: env.GOOGLE_ISSUER,
          }
        : null,
  }));

export type Config = z.output<typeof envSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; empty strings count as unset, as in most .env tooling. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = issue.path.join('.');
        return `${name}: ${issue.message} (got ${JSON.stringify(present[name] ?? null)})`;
      }),
    );
  }
  return result.data;
}
