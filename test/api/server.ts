import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type BuiltApp } from '../../server/app';
import { defaultConfig, type AppConfig } from '../../server/config';
import { createScratchDatabase as createScratch } from '../scratchDatabase';

export const ADMIN_PASSWORD = 'admin-pass-1';
/** The demo accounts share the administrator's password. */
export const DEMO_PASSWORD = ADMIN_PASSWORD;

export interface TestServer extends BuiltApp {
  url: string;
  databaseUrl?: string;
  stop(): Promise<void>;
}

/**
 * A database of its own on the test run's server (jest's global setup names it), dropped when the
 * test ends: empty, or a copy of `template`.
 */
export function createScratchDatabase(template?: string) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set: jest starts a server for the run (test/databaseServer.ts)');
  return createScratch(serverUrl, 'cc_test', template);
}

/**
 * The run's database already migrated and seeded as `overrides` would seed it (test/databaseServer.ts),
 * if there is one: the server's start then finds its first start done, as a restarted server does.
 */
function seededTemplate(overrides: Partial<AppConfig>): string | undefined {
  if (overrides.adminPassword !== undefined || overrides.migrationsDir !== undefined) return undefined;
  return (overrides.seedDemo ?? defaultConfig().seedDemo) ? process.env.TEST_TEMPLATE_DEMO : process.env.TEST_TEMPLATE_BARE;
}

/**
 * A real server on a random port with fresh data: a database of its own (or the one given, for
 * several instances sharing it) and uploaded files in a folder of its own.
 */
export async function startServer(overrides: Partial<AppConfig> = {}, databaseUrl?: string): Promise<TestServer> {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  if (!databaseUrl) {
    scratch = await createScratchDatabase(seededTemplate(overrides));
    databaseUrl = scratch.url;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cc-api-'));
  const config: AppConfig = {
    ...defaultConfig(),
    dataDir,
    adminPassword: ADMIN_PASSWORD,
    logLevel: 'silent',
    // Every answer of the suites is checked against the schema the API document shows.
    checkAnswers: true,
    consoleDir: undefined,
    databaseUrl,
    ...overrides,
  };
  const built = await buildApp(config);
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    ...built,
    url: `http://127.0.0.1:${port}`,
    databaseUrl,
    stop: async () => {
      await built.app.close();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
