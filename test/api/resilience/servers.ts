import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from '../../serverProcess';
import { ADMIN_PASSWORD, createScratchDatabase } from '../server';

/**
 * `npm start`'s server as a process of its own (so it can be killed) on a scratch database of the
 * test run's PostgreSQL, with a files folder of its own; `start` again for a restart on the same data.
 */
export async function serverOnScratchDatabase(env: Record<string, string> = {}) {
  const database = await createScratchDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cc-resilience-'));
  const running: ServerProcess[] = [];
  const start = () => {
    // Request logs off: 200 clients' worth of log lines would measure the logger.
    const server = startServerProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir, ADMIN_PASSWORD, LOG_LEVEL: 'warn', ...env });
    running.push(server);
    return server;
  };
  return {
    databaseUrl: database.url,
    dataDir,
    start,
    async remove() {
      await Promise.all(running.map((server) => server.stop()));
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
