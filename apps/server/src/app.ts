/** buildApp(options): the one factory used by the process and by every test (STYLE rule 5). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream, Logger } from 'pino';
import type { Config } from './config.ts';
import type { DbHandle } from './db/database.ts';
import type { Deps } from './deps.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { dataCipher, deriveKey, resolveEncryptionKey } from './lib/crypto.ts';
import { clientKey } from './lib/client-key.ts';
import { answerClientError, boundedHttpServer } from './lib/http-server.ts';
import { createLogger, lazyChildLogger } from './lib/logger.ts';
import { serializerCompiler } from './lib/serializer.ts';
import { controlsOf, requireDeclaredControls } from './lib/route-controls.ts';
import { accessCodeRoutes } from './modules/access-code/routes.ts';
import { addressRoutes } from './modules/address/routes.ts';
import { localAddressSearch, type AddressSearch } from './modules/address/search.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { securityRoutes } from './modules/security/routes.ts';
import { analyticsRoutes } from './modules/analytics/routes.ts';
import { bsbRoutes } from './modules/bsb/routes.ts';
import { claimRoutes } from './modules/claim/routes.ts';
import { helperRoutes } from './modules/helpers/routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { surveyRoutes } from './modules/survey/routes.ts';
import { devOutboxRoutes } from './modules/dev-outbox/routes.ts';
import { inboxRoutes } from './modules/inbox/routes.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { referenceRoutes } from './modules/reference/routes.ts';
import { registrationRoutes } from './modules/registration/routes.ts';
import { transportsFromConfig, type Transports } from './notify/transports.ts';
import { createNotifier } from './notify/worker.ts';
import { registerCsrf } from './plugins/csrf.ts';
import { answerFrameworkError, registerErrorHandling } from './plugins/errors.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerWebApp } from './plugins/static.ts';
import { localFileStore, type FileStore } from './storage/file-store.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';
import { tusRoutes } from './modules/uploads/tus-routes.ts';
import { formRoutes } from './modules/forms/routes.ts';
import { submissionRoutes } from './modules/submissions/routes.ts';
import { providerRoutes } from './modules/provider/routes.ts';
import type { IdempotencyFault } from './modules/provider/idempotency.ts';
import { docsRoutes } from './modules/docs/routes.ts';
import { parseS3Url, s3ClientFromConfig, s3FileStore, stagingDirOf } from './storage/s3-store.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { rateLimitStorage, refuseUncountedOwnLimits } from './plugins/rate-limit-store.ts';
import { registerAccountRateLimits } from './plugins/account-rate-limit.ts';
import { connectRedis } from './lib/redis.ts';
import { startJobs, type Job } from './lib/outbox-worker.ts';
import { hourlyCleanup } from './modules/housekeeping/hourly.ts';
import { createProviderDelivery } from './modules/provider/delivery.ts';
import { startReadCache } from './lib/invalidation-channels.ts';
import { databaseThrottleStore, redisThrottleStore } from './plugins/throttle-store.ts';

declare const __BUILD_COMMIT__: string | undefined;
declare const __BUILD_TIME__: string | undefined;

export type AppOptions = {
  config: Config;
  database: DbHandle;
  clock?: Clock;
  logStream?: DestinationStream;
  /** Override the configured e-mail/SMS transports (tests). */
  transports?: Transports;
  /** Run the background workers (default true; tests drain by hand when they need to). */
  startWorkers?: boolean;
  /** Address suggestions (default: the local G-NAF index; see modules/address/search.ts). */
  addressSearch?: AddressSearch;
  /** The file store (default: local disk under DATA_DIR/files). */
  fileStore?: FileStore;
  /** Tests only: called where a process is stopped to test a crash (the idempotent provider writes). */
  faults?: { idempotency?: IdempotencyFault };
};

export const JSON_BODY_LIMIT = 1024 * 1024;

function defaultWebDist(): string {
  // dist/main.js sits in apps/server/dist; the web build in apps/web/dist.
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '../../web/dist');
}

/** The file store the configuration names: local disk under DATA_DIR, or an S3-compatible bucket. */
export async function fileStoreFromConfig(config: Config): Promise<FileStore> {
  if (!config.fileStore) return localFileStore(path.join(config.dataDir, 'files'));
  return s3FileStore(await s3ClientFromConfig(config.s3), parseS3Url(config.fileStore), stagingDirOf(config.dataDir));
}

export async function buildApp(options: AppOptions): Promise<{ app: FastifyInstance; deps: Deps }> {
  const { config } = options;
  const logger = createLogger(config.logLevel, options.logStream);
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    childLoggerFactory: (parent, bindings, options) =>
      lazyChildLogger(parent as Logger, bindings, options) as FastifyBaseLogger,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
    requestIdHeader: false,
    // A path that cannot be decoded, or a parameter over the router's length: a catalogue answer.
    frameworkErrors: answerFrameworkError,
    // Time-outs that follow progress (idle, headers, total, keep-alive), answered 408 with the
    // catalogue's words where a response can still be written, and a cap on connections per client address.
    clientErrorHandler: answerClientError,
    serverFactory: boundedHttpServer({
      requestIdleTimeoutMs: config.requestTimeoutMs,
      requestTotalTimeoutMs: config.requestTotalTimeoutMs,
      maxConnectionsPerAddress: config.maxConnectionsPerAddress,
      trustedProxies: config.trustedProxies,
    }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler({ checked: config.env !== 'production' }));
  app.decorateRequest('auth', null);
  // Every route carries its controls; one taking writes without declaring them stops the start.
  app.addHook('onRoute', requireDeclaredControls);

  const clock = options.clock ?? systemClock;
  const dataKey = resolveEncryptionKey(config.encryptionKey, config.dataDir);
  const cipher = dataCipher(dataKey, config.previousEncryptionKeys);
  const transports = options.transports ?? transportsFromConfig(config, options.database.db, clock.now);
  const notifier = createNotifier(
    { db: options.database.db, clock, cipher, log: app.log, transports },
    { autoStart: false },
  );
  // REDIS_URL: the rate-limit and sign-in throttle counters live in Redis (decision 015).
  const redis = config.redis ? await connectRedis(config.redis, app.log) : undefined;
  if (redis) app.addHook('onClose', () => redis.close());
  const reads = await startReadCache(
    options.database,
    redis && config.redis ? { client: redis.client, prefix: config.redis.prefix } : undefined,
    app.log,
  );
  app.addHook('onClose', () => reads.close());
  const deps: Deps = {
    db: options.database.db,
    dialect: options.database.dialect,
    clock,
    cipher,
    hmacKey: deriveKey(dataKey, 'hmac'),
    notifier,
    throttle: redis ? redisThrottleStore(redis.client, app.log) : databaseThrottleStore(options.database.db),
    reads,
    config,
    log: app.log,
    build: {
      commit: typeof __BUILD_COMMIT__ === 'string' ? __BUILD_COMMIT__ : 'development',
      builtAt: typeof __BUILD_TIME__ === 'string' ? __BUILD_TIME__ : new Date(0).toISOString(),
    },
  };

  registerErrorHandling(app);
  // Before every plugin and route, so all of them (and the not-found handler) are measured.
  registerMetrics(app, deps);
  // JSON only (multipart on the upload calls): Fastify would otherwise read text/plain as a string
  // and answer it as a malformed body; the contract says 415 for a body of another type.
  app.removeContentTypeParser('text/plain');
  await app.register(cookie);
  await registerSecurityHeaders(app);
  if (redis) app.addHook('onRoute', refuseUncountedOwnLimits);
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    // request.ip honours X-Forwarded-For only from the configured trusted proxies.
    keyGenerator: (request) => clientKey(request.ip),
    // Several processes serve one portal: the counters live in Redis, or else on PostgreSQL.
    ...rateLimitStorage(deps, redis?.client, options.database.counters),
    // The limit guards the APIs, as their routes declare; the web app's own files (one visit loads
    // dozens) are not counted. Decided from the matched route, never the URL's spelling.
    allowList: (request) => !controlsOf(request).counted,
  });
  // Routes' own limits per signed-in account, in the same store, after authentication.
  registerAccountRateLimits(app);
  registerCsrf(app);

  addressRoutes(app, deps, options.addressSearch ?? localAddressSearch(deps.db));
  const plainRoutes = [accountRoutes, accessCodeRoutes, securityRoutes, registrationRoutes, bsbRoutes];
  for (const routes of [...plainRoutes, contentRoutes, surveyRoutes, helperRoutes, devOutboxRoutes]) routes(app, deps);
  const fileStore = options.fileStore ?? (await fileStoreFromConfig(config));
  await uploadRoutes(app, deps, fileStore);
  tusRoutes(app, deps, fileStore);
  formRoutes(app, deps, fileStore);
  submissionRoutes(app, deps);
  await providerRoutes(app, deps, fileStore, options.faults?.idempotency);
  docsRoutes(app, { publicUrl: config.publicUrl });
  healthRoutes(app, deps, fileStore, redis);
  claimRoutes(app, deps);
  inboxRoutes(app, deps);
  paymentRoutes(app, deps);
  referenceRoutes(app, deps);
  analyticsRoutes(app, deps);

  await registerWebApp(app, config.webDist ?? defaultWebDist());
  // The outbox workers and the hourly clean-up, in one place, once every route is in place.
  startJobs(app, backgroundJobs(deps, fileStore), options.startWorkers ?? true);
  return { app, deps };
}

/** The process's background work: the notifier, the provider webhook's delivery (when configured) and the hourly clean-up. */
function backgroundJobs(deps: Deps, fileStore: FileStore): Job[] {
  const webhook = deps.config.webhook;
  const delivery = webhook ? [createProviderDelivery(deps, webhook, { autoStart: false })] : [];
  return [deps.notifier, ...delivery, hourlyCleanup(deps, fileStore)];
}
