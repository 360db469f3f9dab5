import { buildApp, type BuiltApp } from './app';
import { configFromEnv } from './config';
import { CannotStart } from './errors';

// After a stop signal: requests in flight get this long to finish before their connections are cut
// (a paused video download never finishes by itself), and the whole stop this long before the process exits anyway.
const DRAIN_MS = 5_000;
const SHUTDOWN_DEADLINE_MS = 10_000;

function stopOnSignals({ app, database }: BuiltApp) {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    setTimeout(() => {
      app.log.warn('requests still open after the drain: closing their connections');
      app.server.closeAllConnections();
    }, DRAIN_MS).unref();
    setTimeout(() => {
      app.log.error(`the stop took longer than ${SHUTDOWN_DEADLINE_MS / 1000} s: exiting anyway`);
      database.embedded?.abandon();
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/**
 * The port is only tried once the database is ready, so a first start that cannot listen has already
 * generated the administrator's password: the refusal carries it, as no later start can show it.
 */
class CannotListen extends CannotStart {
  constructor({ host, port }: { host: string; port: number }, cause: NodeJS.ErrnoException, generatedSignIn?: string) {
    const reason =
      cause.code === 'EADDRINUSE'
        ? `Port ${port} is already in use by another program. Stop it, or start with PORT set to a free port.`
        : `Cannot listen on ${host}:${port}: ${cause.message}`;
    super(
      generatedSignIn
        ? `${reason}\n  The database was set up all the same. Sign in as ${generatedSignIn} once the console runs: keep it, it is not shown again.`
        : reason,
    );
  }
}

/** `npm start`: the console and the API on one port, on the database the environment names. */
async function main() {
  const { app: config, listen } = configFromEnv(process.env);
  const built = await buildApp(config);
  const { app, seedReport } = built;
  stopOnSignals(built);
  const generatedSignIn = seedReport.generatedPassword && `${seedReport.adminName} / ${seedReport.generatedPassword}`;

  try {
    await app.listen(listen);
  } catch (error) {
    await app.close();
    throw new CannotListen(listen, error as NodeJS.ErrnoException, generatedSignIn);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : listen.port;
  const url = config.publicUrl ?? `http://localhost:${port}`;
  const signIn = generatedSignIn
    ? `${generatedSignIn}   (generated now and shown only once: keep it)`
    : seedReport.seeded
      ? `${seedReport.adminName} / the ADMIN_PASSWORD you set`
      : `${seedReport.adminName} / the password set on the first start`;
  console.log(`\n  Course console: ${url}\n  Sign in as:     ${signIn}\n  API docs:       ${url}/api/docs\n`);
}

main().catch((error) => {
  // A refusal the operator can act on needs no stack trace.
  console.error(error instanceof CannotStart ? `\n  ${error.message}\n` : error);
  process.exit(1);
});
