import { buildApp } from './app';
import { configFromEnv } from './config';

/** `npm start`: the console and the API on one port, on the database the environment names. */
async function main() {
  const { app: config, listen } = configFromEnv(process.env);
  const { app, seedReport } = await buildApp(config);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
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

  await app.listen(listen);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : listen.port;
  const url = config.publicUrl ?? `http://localhost:${port}`;
  const signIn = seedReport.generatedPassword
    ? `${seedReport.adminName} / ${seedReport.generatedPassword}   (generated now and shown only once: keep it)`
    : seedReport.seeded
      ? `${seedReport.adminName} / the ADMIN_PASSWORD you set`
      : `${seedReport.adminName} / the password set on the first start`;
  console.log(`\n  Course console: ${url}\n  Sign in as:     ${signIn}\n  API docs:       ${url}/api/docs\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
