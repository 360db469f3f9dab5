import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { createLogger } from './logging';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { simpleEntities } from '../schema';
import { PRIVILEGES_HEADER, QR_LINK_HEADER, RENEWED_TOKEN_HEADER } from '../schema/headers';
import { auditTrailPlugin } from './auditTrail';
import { authPlugin } from './auth/plugin';
import { SessionCache } from './auth/sessionCache';
import { startSessionListener, type SessionListener } from './auth/sessionListener';
import type { AppConfig } from './config';
import { serveConsole } from './consoleAssets';
import { firstScreenDrawer } from './firstScreen';
import { openDatabase, type DatabaseHandle } from './db/client';
import { tableOf } from './db/tables';
import { installDemoFiles } from './db/demoFiles';
import { filesDirOf } from './storage/localFiles';
import { csvExportPlugin, withCsvAnswers } from './export/plugin';
import { createMailer } from './mail/mailer';
import { seed, type SeedReport } from './db/seed';
import { answerClientError, answerFrameworkError, registerErrorHandler, sendNotFound } from './errorHandler';
import { startHousekeeping } from './housekeeping';
import { startCountFolding } from './db/countFolding';
import { auditLogRoutes } from './routes/auditLogs';
import { authRoutes } from './routes/auth';
import { carouselGroupRoutes } from './routes/carouselGroups';
import { carouselRoutes } from './routes/carousels';
import { categoryRoutes } from './routes/categories';
import { chapterRoutes } from './routes/chapters';
import { courseRoutes } from './routes/courses';
import { dashboardRoutes } from './routes/dashboard';
import { enrollmentRoutes } from './routes/enrollments';
import { entityRoutes, entityStore } from './routes/entityRoutes';
import { fileRoutes } from './routes/files';
import { mailOutboxRoutes } from './routes/mailOutbox';
import { healthRoutes } from './routes/health';
import { qrSignInRoutes } from './routes/qrSignIn';
import { seriesRoutes } from './routes/series';
import { teacherRoutes } from './routes/teachers';
import { tenantRoutes } from './routes/tenants';
import { userRoutes } from './routes/users';
import { transferApplicationRoutes } from './routes/transferApplications';
import { videoRoutes } from './routes/videos';
import { voucherRoutes } from './routes/vouchers';
import { responseSerializerCompiler } from './serialization';
import { zodValidatorCompiler } from './validation';
import './types';

export interface BuiltApp {
  app: FastifyInstance;
  seedReport: SeedReport;
  database: DatabaseHandle;
}

/**
 * The whole server: opens (and migrates) the database, seeds it on the first start, and wires every
 * route. Tests call it with their own configuration and a fresh database.
 */
export async function buildApp(config: AppConfig): Promise<BuiltApp> {
  // One logger from the first step on: the embedded PostgreSQL reports through it before the routes exist.
  const logger: FastifyBaseLogger = createLogger(config.logLevel);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, migrationsDir: config.migrationsDir, poolSize: config.poolSize, log: logger });
  try {
    const seedReport = await seed(database.db, { adminPassword: config.adminPassword, demo: config.seedDemo });
    // The demo records name demo files by key; copying them is idempotent, so a lost one comes back.
    if (config.seedDemo) await installDemoFiles(filesDirOf(config.dataDir));
    const app = await createServer(config, database, logger);
    return { app, seedReport, database };
  } catch (error) {
    await database.close();
    throw error;
  }
}

async function createServer(config: AppConfig, database: DatabaseHandle, logger: FastifyBaseLogger): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // On close, idle keep-alive connections are dropped at once; requests in flight finish first.
    forceCloseConnections: 'idle',
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('db', database.db);
  app.decorate('appConfig', config);
  const mailer = createMailer(config, database.db, app.log);
  app.decorate('mailer', mailer);
  const sessionCache = new SessionCache(config.sessionCache);
  app.decorate('sessionCache', sessionCache);
  // Started last, once nothing can fail the start; closed before the database (its own connection).
  let sessionListener: SessionListener | undefined;
  let countFolding: ReturnType<typeof startCountFolding> | undefined;
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(config.checkAnswers));
  registerErrorHandler(app);
  app.addHook('onClose', async () => {
    await mailer.close();
    await countFolding?.stop();
    await sessionListener?.stop();
    await database.close();
    app.log.info('database closed');
  });

  // The security headers depend on nothing but the address: helmet works them out once, and each
  // answer gets them as one object (running helmet's twelve middlewares per request was 1.2 % of the
  // server's samples under load, its largest item after the driver).
  const documentHeaders = headersOf(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Material UI writes its styles at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
    }),
  );
  // The API's answers are data, never a page: OWASP's REST set, stricter where it differs (nothing
  // may load or frame them), without the page-only headers (the opener, DNS prefetch, IE and Flash
  // ones) that fetch() ignores: 390 of a list page's 825 bytes of headers.
  const apiHeaders = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'strict-transport-security': documentHeaders['strict-transport-security'],
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAddress(request.url) ? apiHeaders : documentHeaders);
    done();
  });
  // With no other origin allowed there is nothing to answer: no hook on every request.
  if (config.corsOrigins.length > 0)
    await app.register(cors, {
      origin: config.corsOrigins,
      credentials: true,
      exposedHeaders: [RENEWED_TOKEN_HEADER, PRIVILEGES_HEADER, QR_LINK_HEADER],
    });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Course console API',
        version: '1',
        description:
          'Every JSON answer is `{ success: true, data }` or `{ success: false, message, error_code, errors? }`. ' +
          'Requests carry `Authorization: Bearer <token>`; a renewed token comes back in `x-auth-token`. ' +
          'Messages follow Accept-Language (zh-CN, en-US, ja-JP; English otherwise). Times are epoch milliseconds. ' +
          'Any call may answer 503 with Retry-After: the database is not answering, or it ended the change for a concurrent one ' +
          '(a deadlock): nothing of it was saved, and it may be sent again.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: withCsvAnswers(jsonSchemaTransform),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Without Swagger's top bar: its logo is an SVG with an inline <style>, which the CSP refuses.
    uiConfig: { layout: 'BaseLayout' },
  });
  await app.register(authPlugin);
  // After the session is known, before any handler: every transaction a handler begins carries its caller.
  await app.register(auditTrailPlugin);
  // Before the routes: lists that declare `config.csv` answer CSV too.
  await app.register(csvExportPlugin, { exportsAtOnce: config.exportsAtOnce });

  await app.register(healthRoutes, { ping: database.ping, database: database.kind });
  await app.register(authRoutes);
  await app.register(qrSignInRoutes);
  await app.register(fileRoutes);
  await app.register(videoRoutes);
  await app.register(categoryRoutes);
  await app.register(courseRoutes);
  await app.register(chapterRoutes);
  await app.register(teacherRoutes);
  await app.register(seriesRoutes);
  await app.register(carouselGroupRoutes);
  await app.register(carouselRoutes);
  await app.register(tenantRoutes);
  await app.register(userRoutes);
  await app.register(transferApplicationRoutes);
  await app.register(voucherRoutes);
  await app.register(mailOutboxRoutes);
  await app.register(enrollmentRoutes);
  await app.register(dashboardRoutes);
  await app.register(auditLogRoutes);
  for (const entity of simpleEntities) await app.register(entityRoutes(entityStore(entity, tableOf(entity.table))));

  const drawer = config.consoleDir ? firstScreenDrawer(app, config.firstScreenDrawer, logger) : undefined;
  const consoleFallback = await serveConsole(app, config.consoleDir, drawer);
  app.setNotFoundHandler((request, reply) => {
    if (consoleFallback?.(request, reply)) return reply;
    return sendNotFound(request, reply);
  });
  startHousekeeping(app);
  countFolding = startCountFolding(database.db, logger);
  // The cache keeps nothing until this listens for the database's notifications.
  sessionListener = startSessionListener(database.url, sessionCache, logger);
  return app;
}

/** The API's JSON (and the QR code's picture); the console, its files and the API's own docs are pages. */
const isApiAddress = (url: string) =>
  url.startsWith('/uc/') || url.startsWith('/healthz') || url.startsWith('/readyz') || (url.startsWith('/api/') && !url.startsWith('/api/docs'));

/** The headers a middleware that sets the same ones on every answer sets, worked out once. */
function headersOf(middleware: (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void) {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  middleware({ headers: {} } as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}
