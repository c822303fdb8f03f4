import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import type { Database } from '@greenhouse/db';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { adminRoutes } from './features/admin/admin-routes.js';
import { accountRoutes } from './features/account/account-routes.js';
import { AccountService } from './features/account/account-service.js';
import { sessionRoutes } from './features/account/session-routes.js';
import { apiTokenRoutes } from './features/api-tokens/api-token-routes.js';
import { ApiTokenStore } from './features/api-tokens/api-token-store.js';
import { authRoutes } from './features/auth/auth-routes.js';
import { AuthService } from './features/auth/auth-service.js';
import { GoogleSignIn } from './features/auth/google-sign-in.js';
import { SessionStore } from './features/auth/sessions.js';
import { bloomRoutes } from './features/blooms/bloom-routes.js';
import { chatRoutes } from './features/chats/chat-routes.js';
import { ChatService } from './features/chats/chat-service.js';
import { GuidedDesigner } from './features/chats/guided-designer.js';
import { LiveAnswers } from './features/chats/live-answers.js';
import { ModelDesigner } from './features/chats/model-designer.js';
import { BloomService } from './features/blooms/bloom-service.js';
import { sharedBloomRoutes, shareRoutes } from './features/shares/share-routes.js';
import { ShareService } from './features/shares/share-service.js';
import { defaultFloraDownloadsDir } from './features/flora/flora-downloads.js';
import { floraApiRoutes, floraFileRoutes } from './features/flora/flora-routes.js';
import type { JobQueue } from './infra/jobs/job-queue.js';
import { createMailer } from './infra/mail/mailer.js';
import { freeUnpaidBlooms } from './features/payments/free-blooms.js';
import { paymentRoutes, paymentWebhookRoutes } from './features/payments/payment-routes.js';
import { PaymentService } from './features/payments/payment-service.js';
import { createStripeClient } from './features/payments/stripe-client.js';
import { createArtifactStore } from './features/pipeline/artifact-store.js';
import { AppError } from './lib/app-error.js';
import { appVersion } from './lib/app-version.js';
import { httpServerOptions } from './lib/http-timeouts.js';
import { adminOnly, signedIn } from './lib/auth-context.js';
import { instanceSecret } from './lib/instance-secret.js';
import { databaseRateLimitStore } from './lib/rate-limit-store.js';
import { webDistDir } from './lib/paths.js';
import { authContextPlugin, type AuthContextOptions } from './plugins/request-auth.js';
import { csrfPlugin } from './plugins/csrf.js';
import { clientErrorHandler, errorHandlerPlugin, frameworkErrorHandler } from './plugins/error-handler.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { inputGuardPlugin } from './plugins/input-guard.js';
import { documentAccess, openapiPlugin, openapiRoutes } from './plugins/openapi.js';
import { RequestLogController } from './plugins/request-log.js';
import { webAppPlugin } from './plugins/web-app.js';
import { healthRoutes } from './features/health/health-routes.js';
import { runtimeConfigRoutes } from './features/runtime-config/runtime-config-routes.js';

export const AUTH_TOKEN_NAME = 'greenhouse_session';
/** Default body limit of every route; routes that take more (uploads) set their own. */
export const BODY_LIMIT_BYTES = 64 * 1024;

export interface AppOptions {
  config: Config;
  database: Database;
  /** The job queue the API enqueues agents' stages on. */
  queue: JobQueue;
  /** The process's logger; none in tests. */
  log?: FastifyBaseLogger;
  /** Where the built web app is; tests may point elsewhere. */
  webRoot?: string;
  /**
   * Another process of this start did the one-time start-up work (an HTTP process under API_PROCESSES > 1,
   * whose primary did it): this app does not free unpaid agents again. Unset: this app does it.
   */
  startUpDone?: boolean;
  /** Sees every route as it is registered (tests: the OpenAPI description against what the server has). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * API answers smaller than this are sent as they are: below about a kilobyte, compression saves less than it
 * costs (and the headers alone are hundreds of bytes).
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** How often chats whose answer's lease ran out are freed and their prompts given back. */
const ANSWER_SWEEP_MS = 60_000;

/**
 * Agents priced earlier that nobody paid for are free once the price is 0 (features/payments/free-blooms.ts):
 * once per start, by the app (or, under API_PROCESSES > 1, by the primary process before it forks).
 */
export async function freeBloomsAtStart(
  config: Config,
  db: Database['db'],
  queue: JobQueue,
  log: FastifyBaseLogger,
): Promise<void> {
  const freed = await freeUnpaidBlooms(db, queue, {
    priceCents: config.agentPriceCents,
    providerConfigured: config.stripe !== null,
  });
  if (freed > 0) log.warn({ agents: freed }, 'unpaid agents made free (the price is 0 now)');
}

/** Builds the whole HTTP application: the API under /api, /config.json and the web app. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    ...(options.log ? { loggerInstance: options.log } : { logger: false }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // One line per request when it is answered (plugins/request-log.ts) instead of Fastify's two.
    logController: new RequestLogController(),
    // A malformed address and the like: our error shape (or page), not Fastify's own JSON.
    frameworkErrors: frameworkErrorHandler,
    // Bounds on slow and stalled clients (lib/http-timeouts.ts), and their 408 in our error shape.
    ...httpServerOptions(config.http),
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandlerPlugin);
  await app.register(inputGuardPlugin);
  // Before any route: the description collects every route as it is registered (plugins/openapi.ts).
  const version = appVersion();
  await openapiPlugin(app, { version });
  documentAccess(app, 'public');

  const https = config.appUrl.startsWith('https://');
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        // With an S3 store, the web app's downloads follow a redirect to the bucket (issue 35).
        connectSrc: ["'self'", ...(config.s3 ? [config.s3.downloadOrigin] : [])],
        workerSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    hsts: https ? { maxAge: 31536000, includeSubDomains: true } : false,
  });

  app.addHook('onSend', async (_request, reply) => {
    void reply.header('X-App-Version', version);
  });

  await app.register(runtimeConfigRoutes, {
    version,
    authTokenName: AUTH_TOKEN_NAME,
    googleSignIn: config.google !== null,
  });

  const db = database.db;
  const sessions = new SessionStore(db, config.session);
  const mailer = createMailer(config.mail, app.log);
  app.addHook('onClose', async () => mailer.close());
  const apiTokens = new ApiTokenStore(db);
  const cookies: AuthContextOptions = {
    sessions,
    apiTokens,
    cookieName: AUTH_TOKEN_NAME,
    secureCookies: https,
  };
  const auth = new AuthService({ db, sessions, mailer, config });
  const google = config.google ? new GoogleSignIn(db, sessions, config.google, config) : null;
  const files = await createArtifactStore(config);
  const accounts = new AccountService(db, sessions, files);
  const blooms = new BloomService(db, options.queue, config, files);
  const shares = new ShareService(db, blooms, config.appUrl);
  if (!options.startUpDone) await freeBloomsAtStart(config, db, options.queue, app.log);
  const payments = new PaymentService({
    db,
    queue: options.queue,
    blooms,
    stripe: config.stripe ? { client: createStripeClient(config.stripe), config: config.stripe } : null,
    config,
    log: app.log,
  });
  const live = new LiveAnswers();
  const chats = new ChatService(
    db,
    { guided: new GuidedDesigner(), model: config.llm ? new ModelDesigner(config.llm) : null },
    blooms,
    live,
    config,
    app.log,
  );
  // Answers being written are stopped and stored before the database closes.
  app.addHook('onClose', async () => chats.close());
  // The embedded database has one owner, so answers being written when it last stopped have no writer
  // now: freed at once. Elsewhere (and later) an answer is freed once its lease has run out.
  const released = await chats.releaseStoppedAnswers(database.driver === 'pglite');
  if (released > 0) app.log.warn({ chats: released }, 'chat answers of a stopped process closed');
  const answerSweep = setInterval(
    () =>
      void chats
        .releaseStoppedAnswers(false)
        .catch((error: unknown) => app.log.warn({ err: error }, 'chat answer sweep failed')),
    ANSWER_SWEEP_MS,
  );
  answerSweep.unref();
  app.addHook('onClose', async () => clearInterval(answerSweep));
  const csrfSecret = await instanceSecret(db, 'csrf');
  // Ended sessions are refused as they are used; this sweep only keeps the table small.
  const sweep = setInterval(
    () =>
      void sessions.prune().catch((error: unknown) => app.log.warn({ err: error }, 'session sweep failed')),
    3_600_000,
  );
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  const floraDir = config.floraDownloadsDir ?? defaultFloraDownloadsDir;
  await app.register(floraFileRoutes, { dir: floraDir });
  await app.register(fastifyCookie);
  // The provider's webhook: beside the API's scope, so without its session, CSRF and body parsing.
  await app.register(paymentWebhookRoutes, { prefix: '/api', payments });
  await app.register(
    async (api) => {
      // The API's answers (the web app's files are compressed at build: plugins/web-app.ts). Not request bodies:
      // a compressed upload could inflate far past the body limit. The chat stream writes to the socket itself
      // (chat-stream.ts) and opts out, so each event reaches the browser as it is written.
      await api.register(fastifyCompress, {
        encodings: ['br', 'gzip'],
        threshold: COMPRESS_THRESHOLD_BYTES,
        globalDecompression: false,
      });
      await api.register(fastifyRateLimit, {
        global: false,
        // After the body is parsed, so a limit can key on it (sign-in: per address and e-mail).
        hook: 'preHandler',
        // On PostgreSQL the counts are in the database, shared by every process (API_PROCESSES, other hosts);
        // the embedded database has one process, which counts in memory.
        ...(database.driver === 'postgres' ? { store: databaseRateLimitStore(db, { log: app.log }) } : {}),
        errorResponseBuilder: (_request, context) =>
          new AppError('TOO_MANY_REQUESTS', { retryAfterSeconds: Math.ceil(context.ttl / 1000) }),
      });
      await api.register(authContextPlugin, cookies);
      await api.register(csrfPlugin, { secret: csrfSecret, secureCookies: https });
      await api.register(healthRoutes, { database });
      await api.register(openapiRoutes);
      await api.register(authRoutes, { auth, google, sessions, cookies, config });
      // Share links' pages (issue 34): anyone with the link, signed in or not.
      await api.register(sharedBloomRoutes, { shares });
      // Every route in this scope is for signed-in users: one guard instead of a check in each handler.
      await api.register(async (signedInApi) => {
        signedInApi.addHook('preHandler', signedIn);
        documentAccess(signedInApi, 'signedIn');
        await signedInApi.register(accountRoutes, { accounts, cookies, config });
        await signedInApi.register(sessionRoutes, { sessions, cookies });
        await signedInApi.register(apiTokenRoutes, { apiTokens });
        await signedInApi.register(bloomRoutes, { blooms });
        await signedInApi.register(shareRoutes, { shares });
        await signedInApi.register(chatRoutes, { chats, live });
        await signedInApi.register(floraApiRoutes, { dir: floraDir });
        await signedInApi.register(paymentRoutes, { payments });
      });
      await api.register(async (adminApi) => {
        adminApi.addHook('preHandler', adminOnly);
        documentAccess(adminApi, 'admin');
        await adminApi.register(adminRoutes, {
          db,
          queue: options.queue,
          sessions,
          mailer,
          files,
          config,
          log: app.log,
        });
      });
      api.setNotFoundHandler(async () => {
        throw new AppError('NOT_FOUND');
      });
    },
    { prefix: '/api' },
  );
  await app.register(webAppPlugin, { root: options.webRoot ?? webDistDir });
  return app;
}
