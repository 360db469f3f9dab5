import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { SessionCacheOptions } from './auth/sessionCache';
import type { ThrottlePolicy } from './auth/throttle';

export interface AppConfig {
  /** A PostgreSQL server; when absent the server runs its own, embedded, in `dataDir/postgres`. */
  databaseUrl?: string;
  /** Connections this instance keeps to its PostgreSQL (`defaultPoolSize`). */
  poolSize: number;
  /** The embedded PostgreSQL (unless databaseUrl) and the uploaded files, in `dataDir/files`. */
  dataDir: string;
  migrationsDir: string;
  /** The built console to serve; absent when only the API runs. */
  consoleDir?: string;
  /**
   * The built program that draws a visit's first screen for the server (server/firstScreen.ts);
   * absent, or FIRST_SCREEN=off, and every document is the console's page alone.
   */
  firstScreenDrawer?: string;
  /** The address users reach this server at, for links in QR codes and mail. */
  publicUrl?: string;
  /** The first administrator's password; generated and reported once when absent. */
  adminPassword?: string;
  /** Seed the demo platform on the first start. */
  seedDemo: boolean;
  sessionTtlMs: number;
  /** Resolved sessions kept in memory (auth/sessionCache.ts); maxEntries 0 looks every call up. */
  sessionCache: SessionCacheOptions;
  signInThrottle: ThrottlePolicy;
  /** How long a QR code stays valid, and how many codes one address may ask for in a window. */
  qrSignIn: { ttlMs: number; windowMs: number; perAddress: number };
  /** Other origins whose pages may call the API (a console served elsewhere). */
  corsOrigins: string[];
  trustProxy: boolean;
  logLevel: string;
  /**
   * Check every answer against its zod schema before it is written (a 500 naming the route when it
   * does not match). Off in service, where answers are written from the schema without the check;
   * the API suites turn it on, so an answer that drifts from what the API document promises fails them.
   */
  checkAnswers: boolean;
  /** The largest video upload; images (5 MB) and PDFs (50 MB) have SPEC.md's fixed limits. */
  videoMaxBytes: number;
  /**
   * CSV exports streamed at once by this instance: each holds one of the pool's connections for as
   * long as the download lasts, so more would leave the other requests waiting for one.
   */
  exportsAtOnce: number;
  /** How old an uploaded file that no record names must be before housekeeping removes it (a form still being filled names nothing yet). */
  unusedFileGraceMs: number;
  /** Where mail goes: an SMTP server (`smtp://user:pass@host:587`, `smtps://...`); without one, the outbox table. */
  smtpUrl?: string;
  /** The sender of every mail. */
  mailFrom: string;
  /** The outbox's delivery: how often it looks for due mail, how retries back off, when it gives up, how long finished rows stay. */
  mailDelivery: MailDeliveryPolicy;
  /** How long the audit trail keeps a row; absent, it keeps every row for ever. */
  auditRetentionMs?: number;
}

export interface MailDeliveryPolicy {
  /** How often each instance looks for due mail (a mail queued by this instance is tried at once). */
  pollMs: number;
  /** The wait after the first failed attempt; each further failure doubles it, up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Attempts before a mail is marked failed. */
  maxAttempts: number;
  /** Sent and failed mail older than this is pruned. */
  retentionMs: number;
}

export const HOUR = 3_600_000;

/**
 * Twice the cores and one, from 5 to 10: the statements are short and CPU-bound, so more connections
 * than the cores can run only queue in the kernel, where the server's own event loop waits its turn
 * among them. On two cores, 10 connections under 50 searches kept `/healthz` waiting 17 ms at the
 * median and 31-42 ms at p99; 5 kept it 9 and 20-23 ms, the search as fast (bench/RESULTS.md). At
 * least 5: the default 3 exports at once leave two for everything else.
 */
export const defaultPoolSize = (cores = availableParallelism()) => Math.min(10, Math.max(5, 2 * cores + 1));

/** The pool's size an environment asks for (`DATABASE_POOL_SIZE`), checked by `configFromEnv`; the bench's own pools match it. */
export const poolSizeFrom = (env: NodeJS.ProcessEnv) => (env.DATABASE_POOL_SIZE ? Number(env.DATABASE_POOL_SIZE) : defaultPoolSize());

export const defaultConfig = (rootDir = process.cwd()): AppConfig => ({
  dataDir: path.join(rootDir, 'data'),
  migrationsDir: path.join(rootDir, 'server/db/migrations'),
  poolSize: defaultPoolSize(),
  seedDemo: true,
  sessionTtlMs: 12 * HOUR,
  sessionCache: { maxEntries: 5_000, maxAgeMs: 30_000 },
  signInThrottle: { windowMs: 15 * 60_000, perName: 5, perAddress: 50 },
  qrSignIn: { ttlMs: 120_000, windowMs: 15 * 60_000, perAddress: 60 },
  corsOrigins: [],
  trustProxy: false,
  logLevel: 'info',
  checkAnswers: false,
  videoMaxBytes: 2 * 1024 ** 3,
  exportsAtOnce: 3,
  unusedFileGraceMs: 24 * HOUR,
  mailFrom: 'Course console <no-reply@localhost>',
  mailDelivery: { pollMs: 5_000, retryBaseMs: 60_000, retryMaxMs: 6 * HOUR, maxAttempts: 10, retentionMs: 30 * 24 * HOUR },
});

export interface ListenConfig {
  port: number;
  host: string;
}

const list = (value: string | undefined) => (value ?? '').split(',').map((item) => item.trim()).filter(Boolean);

/** Everything is optional: `npm start` with no environment runs the demo on port 3000. */
export function configFromEnv(env: NodeJS.ProcessEnv, rootDir = process.cwd()): { app: AppConfig; listen: ListenConfig } {
  const base = defaultConfig(rootDir);
  const dataDir = path.resolve(rootDir, env.DATA_DIR ?? 'data');
  const port = Number(env.PORT ?? 3000);
  const app: AppConfig = {
    ...base,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    poolSize: poolSizeFrom(env),
    consoleDir: path.join(rootDir, 'dist'),
    firstScreenDrawer: env.FIRST_SCREEN === 'off' ? undefined : path.join(rootDir, 'dist-server/first-screen/drawer.js'),
    publicUrl: env.PUBLIC_URL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    seedDemo: env.SEED_DEMO !== 'false',
    sessionTtlMs: env.SESSION_TTL_HOURS ? Number(env.SESSION_TTL_HOURS) * HOUR : base.sessionTtlMs,
    qrSignIn: { ...base.qrSignIn, ttlMs: env.QR_TTL_SECONDS ? Number(env.QR_TTL_SECONDS) * 1000 : base.qrSignIn.ttlMs },
    corsOrigins: list(env.CORS_ORIGINS),
    trustProxy: env.TRUST_PROXY === 'true',
    logLevel: env.LOG_LEVEL ?? base.logLevel,
    checkAnswers: env.CHECK_ANSWERS === 'true',
    videoMaxBytes: env.VIDEO_MAX_BYTES ? Number(env.VIDEO_MAX_BYTES) : base.videoMaxBytes,
    exportsAtOnce: env.EXPORTS_AT_ONCE ? Number(env.EXPORTS_AT_ONCE) : base.exportsAtOnce,
    unusedFileGraceMs: env.UNUSED_FILE_GRACE_HOURS ? Number(env.UNUSED_FILE_GRACE_HOURS) * HOUR : base.unusedFileGraceMs,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || base.mailFrom,
    mailDelivery: {
      ...base.mailDelivery,
      retryBaseMs: env.MAIL_RETRY_BASE_SECONDS ? Number(env.MAIL_RETRY_BASE_SECONDS) * 1000 : base.mailDelivery.retryBaseMs,
      retryMaxMs: env.MAIL_RETRY_MAX_SECONDS ? Number(env.MAIL_RETRY_MAX_SECONDS) * 1000 : base.mailDelivery.retryMaxMs,
      maxAttempts: env.MAIL_MAX_ATTEMPTS ? Number(env.MAIL_MAX_ATTEMPTS) : base.mailDelivery.maxAttempts,
      retentionMs: env.MAIL_RETENTION_DAYS ? Number(env.MAIL_RETENTION_DAYS) * 24 * HOUR : base.mailDelivery.retentionMs,
    },
    auditRetentionMs: env.AUDIT_RETENTION_DAYS ? Number(env.AUDIT_RETENTION_DAYS) * 24 * HOUR : undefined,
  };
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORT must be a port number, not "${env.PORT}"`);
  if (!(app.sessionTtlMs > 0)) throw new Error(`SESSION_TTL_HOURS must be a positive number, not "${env.SESSION_TTL_HOURS}"`);
  if (!(app.qrSignIn.ttlMs > 0)) throw new Error(`QR_TTL_SECONDS must be a positive number, not "${env.QR_TTL_SECONDS}"`);
  if (!Number.isSafeInteger(app.videoMaxBytes) || app.videoMaxBytes <= 0)
    throw new Error(`VIDEO_MAX_BYTES must be a positive whole number of bytes, not "${env.VIDEO_MAX_BYTES}"`);
  if (!Number.isInteger(app.poolSize) || app.poolSize < 3 || app.poolSize > 100)
    throw new Error(`DATABASE_POOL_SIZE must be a whole number from 3 to 100, not "${env.DATABASE_POOL_SIZE}"`);
  // Two connections stay for the other requests while every export streams.
  if (!Number.isInteger(app.exportsAtOnce) || app.exportsAtOnce < 1 || app.exportsAtOnce > app.poolSize - 2)
    throw new Error(`EXPORTS_AT_ONCE must be a whole number from 1 to ${app.poolSize - 2} (the pool has ${app.poolSize} connections), not "${env.EXPORTS_AT_ONCE ?? app.exportsAtOnce}"`);
  if (!(app.unusedFileGraceMs > 0)) throw new Error(`UNUSED_FILE_GRACE_HOURS must be a positive number, not "${env.UNUSED_FILE_GRACE_HOURS}"`);
  const delivery = app.mailDelivery;
  if (!(delivery.retryBaseMs > 0)) throw new Error(`MAIL_RETRY_BASE_SECONDS must be a positive number, not "${env.MAIL_RETRY_BASE_SECONDS}"`);
  if (!(delivery.retryMaxMs >= delivery.retryBaseMs)) throw new Error(`MAIL_RETRY_MAX_SECONDS must be a number of seconds at least MAIL_RETRY_BASE_SECONDS, not "${env.MAIL_RETRY_MAX_SECONDS}"`);
  if (!Number.isInteger(delivery.maxAttempts) || delivery.maxAttempts < 1) throw new Error(`MAIL_MAX_ATTEMPTS must be a whole number from 1, not "${env.MAIL_MAX_ATTEMPTS}"`);
  if (!(delivery.retentionMs > 0)) throw new Error(`MAIL_RETENTION_DAYS must be a positive number, not "${env.MAIL_RETENTION_DAYS}"`);
  if (app.auditRetentionMs !== undefined && !(app.auditRetentionMs > 0))
    throw new Error(`AUDIT_RETENTION_DAYS must be a positive number of days, not "${env.AUDIT_RETENTION_DAYS}"`);
  if (app.smtpUrl && !/^smtps?:\/\//.test(app.smtpUrl)) throw new Error('SMTP_URL must start with smtp:// or smtps://');
  return { app, listen: { port, host: env.HOST ?? '0.0.0.0' } };
}
