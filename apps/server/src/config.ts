/** Environment variables, checked by a zod schema at start-up with a message naming the bad variable. */
import { z } from 'zod';
import { DEFAULT_PROVIDER, LIMITS, isStandardWebhookSecret, type ProviderIdentity } from '@portal/contracts';

const bool = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset for embedded SQLite)')
    .optional(),
  /** Redis for the rate-limit and sign-in throttle counters; unset = in the database (decision 015). */
  REDIS_URL: z
    .string()
    .regex(
      /^rediss?:\/\/[^/?#]/,
      'must be a redis:// or rediss:// URL (leave it unset to keep the counters in the database)',
    )
    .refine((v) => URL.canParse(v), 'must be a valid URL')
    .optional(),
  /** Put before every key the portal writes to Redis, so several portals can share one server. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, 'must be 1 to 64 letters, digits or . _ : -')
    .default('portal:'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Comma-separated addresses/CIDRs of reverse proxies whose X-Forwarded-For is believed. */
  TRUSTED_PROXIES: z.string().default(''),
  /** 32 bytes, base64: encrypts bank account numbers at rest. Required in production. */
  DATA_ENCRYPTION_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes encoded as base64')
    .optional(),
  /** Earlier keys, comma-separated base64: still decrypt values sealed before a rotation. */
  DATA_ENCRYPTION_KEYS_PREVIOUS: z
    .string()
    .refine(
      (v) => v.split(',').every((k) => Buffer.from(k.trim(), 'base64').length === 32),
      'each key must be 32 bytes encoded as base64',
    )
    .optional(),
  COOKIE_SECURE: bool.optional(),
  /** Load the demo data into an empty database and print the demo sign-ins. */
  PORTAL_DEMO: bool.default(false),
  WEB_DIST: z.string().optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Nothing arriving for this long while a request is sent (its headers or body): 408, and closed. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(LIMITS.requestTimeoutMs),
  /** However steadily it arrives, a request must be whole within this (a 10 MB upload at 23 kbit/s). */
  REQUEST_TOTAL_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(24 * 60 * 60_000)
    .default(60 * 60_000),
  /** Connections one client address may hold open at once (trusted proxies are not counted). */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().positive().default(64),
  /** Required in production: without it, access codes would wait in the outbox for ever and nobody could sign in. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  SMTP_FROM: z.string().min(3).default('Claimant portal <no-reply@localhost>'),
  SMS_WEBHOOK_URL: z.string().url().optional(),
  SMS_WEBHOOK_TOKEN: z.string().min(1).optional(),
  /** Serve the development mailbox at /dev/outbox (never in production). */
  PORTAL_DEV_OUTBOX: bool.default(false),
  /** Where uploaded files live: unset = DATA_DIR/files on local disk; s3://bucket/prefix = an S3-compatible store. */
  FILE_STORE: z
    .string()
    .regex(
      /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/,
      'must be s3://bucket/prefix (leave it unset for local disk)',
    )
    .optional(),
  /** S3-compatible endpoint (e.g. http://127.0.0.1:9000); unset = AWS. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('ap-southeast-2'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style addressing (most self-hosted S3-compatible servers need it). */
  S3_FORCE_PATH_STYLE: bool.default(true),
  /** The claims system's endpoint for outbox events; unset (the embedded default): events wait in the outbox. */
  PROVIDER_WEBHOOK_URL: z.string().url().optional(),
  /**
   * Signs each delivery (HMAC-SHA256); required with PROVIDER_WEBHOOK_URL. In the Standard
   * Webhooks form `whsec_<base64>` its key is the decoded bytes (24 to 64 of them).
   */
  PROVIDER_WEBHOOK_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .refine(isStandardWebhookSecret, { message: 'a whsec_ secret must be base64 of 24 to 64 bytes' })
    .optional(),
  /** Failed deliveries of one event before it is parked as dead for an operator. */
  PROVIDER_WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(12),
  /**
   * The portal's public address (e.g. https://portal.example.org): file links in outbox events, and
   * the passkeys' relying party (its host is the RP ID, its origin the only one accepted). Required in production.
   */
  PUBLIC_URL: z.string().url().optional(),
  /** The Prometheus listener, a server of its own beside the portal's port (docs/operations/metrics.md); 0 or off: none. */
  METRICS_PORT: z
    .string()
    .regex(/^(off|\d{1,5})$/, "must be a port number, or 0 or 'off' for no metrics listener")
    .transform((v) => (v === 'off' ? 0 : Number(v)))
    .refine((v) => v <= 65535, 'must be a port number up to 65535')
    .default(9464),
  /** Loopback by default: the metrics name routes and error numbers, for the operator's scraper only. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  PROVIDER_NAME: z.string().min(1).default(DEFAULT_PROVIDER.name),
  PROVIDER_SHORT_NAME: z.string().min(1).default(DEFAULT_PROVIDER.shortName),
  PROVIDER_PHONE: z.string().min(1).default(DEFAULT_PROVIDER.phone),
  PROVIDER_CALL_HOURS: z.string().min(1).default(DEFAULT_PROVIDER.callHours),
  PROVIDER_FREE_CALL_PHONE: z.string().min(1).default(DEFAULT_PROVIDER.freeCallPhone),
  PROVIDER_PRIVACY_EMAIL: z.string().email().default(DEFAULT_PROVIDER.privacyEmail),
  PROVIDER_WEBSITE: z.string().url().default(DEFAULT_PROVIDER.website),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redis: { url: string; prefix: string } | undefined;
  logLevel: string;
  trustedProxies: string[];
  encryptionKey: Buffer | undefined;
  previousEncryptionKeys: Buffer[];
  cookieSecure: boolean;
  demo: boolean;
  webDist: string | undefined;
  rateLimitPerMinute: number;
  loginRateLimitPerMinute: number;
  requestTimeoutMs: number;
  requestTotalTimeoutMs: number;
  maxConnectionsPerAddress: number;
  smtpUrl: string | undefined;
  smtpFrom: string;
  smsWebhookUrl: string | undefined;
  smsWebhookToken: string | undefined;
  devOutbox: boolean;
  provider: ProviderIdentity;
  webhook: { url: string; secret: string; maxAttempts: number } | undefined;
  fileStore: string | undefined;
  s3: {
    endpoint: string | undefined;
    region: string;
    accessKeyId: string | undefined;
    secretAccessKey: string | undefined;
    forcePathStyle: boolean;
  };
  publicUrl: string | undefined;
  /**
   * Passkeys' relying party (decision 029): from PUBLIC_URL; without it (development and tests
   * only) 'localhost', accepting the portal's own port and the Vite development server's.
   */
  webauthn: { rpId: string; rpName: string; origins: string[] };
  /** The Prometheus listener; undefined when METRICS_PORT is 0 or off. */
  metrics: { port: number; host: string } | undefined;
};

export class ConfigError extends Error {}

/** The documentation domains (RFC 2606) the defaults and examples use: never a real provider's. */
const PLACEHOLDER_HOST = /(^|\.)example\.(com|org|net)$/i;

const hostOf = (url: string): string => (URL.canParse(url) ? new URL(url).hostname : '');

/**
 * Production fails closed: what a development portal may do (demo sign-ins, a mailbox anyone can
 * read, placeholder contacts shown to claimants, webhooks that carry bank numbers in clear) is
 * refused at start-up, naming the variable, rather than quietly turned off.
 */
function productionRefusals(e: z.output<typeof EnvSchema>): string[] {
  const https = (name: 'PROVIDER_WEBHOOK_URL' | 'SMS_WEBHOOK_URL', what: string) =>
    e[name] !== undefined && new URL(e[name]).protocol !== 'https:'
      ? [`${name}: must be an https:// URL when NODE_ENV=production (${what})`]
      : [];
  return [
    ...(e.DATA_ENCRYPTION_KEY ? [] : ['DATA_ENCRYPTION_KEY: required when NODE_ENV=production']),
    ...(e.SMTP_URL
      ? []
      : ['SMTP_URL: required when NODE_ENV=production (access codes and other e-mail go through it)']),
    ...(e.PORTAL_DEMO
      ? ['PORTAL_DEMO: must be 0 when NODE_ENV=production (it loads demo sign-ins with a published password)']
      : []),
    ...(e.PORTAL_DEV_OUTBOX
      ? ['PORTAL_DEV_OUTBOX: must be 0 when NODE_ENV=production (/dev/outbox shows every access code)']
      : []),
    ...(PLACEHOLDER_HOST.test(e.PROVIDER_PRIVACY_EMAIL.split('@').pop() ?? '')
      ? [
          `PROVIDER_PRIVACY_EMAIL: set the provider's own address when NODE_ENV=production (${e.PROVIDER_PRIVACY_EMAIL} is a placeholder)`,
        ]
      : []),
    ...(PLACEHOLDER_HOST.test(hostOf(e.PROVIDER_WEBSITE))
      ? [
          `PROVIDER_WEBSITE: set the provider's own website when NODE_ENV=production (${e.PROVIDER_WEBSITE} is a placeholder)`,
        ]
      : []),
    ...https('PROVIDER_WEBHOOK_URL', "events carry claimants' details and bank numbers"),
    ...https('SMS_WEBHOOK_URL', 'messages carry access codes'),
    ...(e.PUBLIC_URL
      ? []
      : ['PUBLIC_URL: required when NODE_ENV=production (passkeys are bound to its host and origin)']),
  ];
}

/** Reads and checks the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production') {
    const refused = productionRefusals(e);
    if (refused.length) throw new ConfigError(`Invalid configuration:\n${refused.map((l) => `  ${l}`).join('\n')}`);
  }
  if (e.PROVIDER_WEBHOOK_URL && !e.PROVIDER_WEBHOOK_SECRET) {
    throw new ConfigError('Invalid configuration:\n  PROVIDER_WEBHOOK_SECRET: required with PROVIDER_WEBHOOK_URL');
  }
  if (e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    throw new ConfigError(
      "Invalid configuration:\n  METRICS_PORT: must differ from PORT (the metrics are never served on the portal's port)",
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : undefined,
    logLevel: e.LOG_LEVEL,
    trustedProxies: e.TRUSTED_PROXIES.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    encryptionKey: e.DATA_ENCRYPTION_KEY ? Buffer.from(e.DATA_ENCRYPTION_KEY, 'base64') : undefined,
    previousEncryptionKeys: (e.DATA_ENCRYPTION_KEYS_PREVIOUS ?? '')
      .split(',')
      .filter((k) => k.trim())
      .map((k) => Buffer.from(k.trim(), 'base64')),
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    demo: e.PORTAL_DEMO,
    webDist: e.WEB_DIST,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    requestTotalTimeoutMs: e.REQUEST_TOTAL_TIMEOUT_MS,
    maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    smsWebhookUrl: e.SMS_WEBHOOK_URL,
    smsWebhookToken: e.SMS_WEBHOOK_TOKEN,
    devOutbox: e.PORTAL_DEV_OUTBOX && e.NODE_ENV !== 'production',
    provider: {
      name: e.PROVIDER_NAME,
      shortName: e.PROVIDER_SHORT_NAME,
      phone: e.PROVIDER_PHONE,
      callHours: e.PROVIDER_CALL_HOURS,
      freeCallPhone: e.PROVIDER_FREE_CALL_PHONE,
      privacyEmail: e.PROVIDER_PRIVACY_EMAIL,
      website: e.PROVIDER_WEBSITE,
    },
    webhook:
      e.PROVIDER_WEBHOOK_URL && e.PROVIDER_WEBHOOK_SECRET
        ? {
            url: e.PROVIDER_WEBHOOK_URL,
            secret: e.PROVIDER_WEBHOOK_SECRET,
            maxAttempts: e.PROVIDER_WEBHOOK_MAX_ATTEMPTS,
          }
        : undefined,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    webauthn: e.PUBLIC_URL
      ? { rpId: new URL(e.PUBLIC_URL).hostname, rpName: e.PROVIDER_NAME, origins: [new URL(e.PUBLIC_URL).origin] }
      : {
          rpId: 'localhost',
          rpName: e.PROVIDER_NAME,
          origins: [`http://localhost:${e.PORT}`, 'http://localhost:5173'],
        },
    fileStore: e.FILE_STORE,
    s3: {
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    },
    metrics: e.METRICS_PORT === 0 ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST },
  };
}
